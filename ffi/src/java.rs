//! The JNI export behind the Java contest's `Solution.move(int[][] a, int c, int[] move)`.
//!
//! A thin shell: arguments are copied into stack arrays, checked, and handed to the same code as
//! the C++ `move`. Bad arguments throw `IllegalArgumentException` (a null array, wrong sizes, an
//! invalid cell or colour, no legal move); an internal failure throws `IllegalStateException`.
//! Nothing here can crash the JVM.

use crate::result::DuelResult;
use jni::JNIEnv;
use jni::objects::{JIntArray, JObject, JObjectArray};
use jni::sys::jint;

/// Why a call was refused, as the Java exception to throw.
enum Refusal {
    Argument(String),
    State(String),
    /// A JNI call failed; the JVM already has an exception pending.
    Pending,
}

impl From<jni::errors::Error> for Refusal {
    fn from(e: jni::errors::Error) -> Self {
        match e {
            jni::errors::Error::JavaException => Refusal::Pending,
            other => Refusal::State(format!("JNI failure: {other}")),
        }
    }
}

/// `public native void move(int[][] a, int c, int[] move)` of class `Solution` (default package).
#[unsafe(no_mangle)]
pub extern "system" fn Java_Solution_move<'local>(
    mut env: JNIEnv<'local>,
    _this: JObject<'local>,
    a: JObjectArray<'local>,
    c: jint,
    out: JIntArray<'local>,
) {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        solve(&mut env, &a, c, &out)
    }));
    let refusal = match result {
        Ok(Ok(())) => return,
        Ok(Err(refusal)) => refusal,
        Err(_) => Refusal::State(DuelResult::Panic.message().to_string_lossy().into_owned()),
    };
    let (class, message) = match refusal {
        Refusal::Pending => return,
        Refusal::Argument(m) => ("java/lang/IllegalArgumentException", m),
        Refusal::State(m) => ("java/lang/IllegalStateException", m),
    };
    if env.exception_check().unwrap_or(true) {
        return;
    }
    let _ = env.throw_new(class, message);
}

fn solve(
    env: &mut JNIEnv<'_>,
    a: &JObjectArray<'_>,
    c: jint,
    out: &JIntArray<'_>,
) -> Result<(), Refusal> {
    if a.is_null() {
        return Err(Refusal::Argument("board array a is null".into()));
    }
    if out.is_null() {
        return Err(Refusal::Argument("answer array move is null".into()));
    }
    if env.get_array_length(out)? < 2 {
        return Err(Refusal::Argument(
            "answer array move must have length 2".into(),
        ));
    }
    let rows = env.get_array_length(a)?;
    if rows != 8 {
        return Err(Refusal::Argument(format!(
            "board must have 8 rows, not {rows}"
        )));
    }
    let mut cells = [0i32; 64];
    for (r, chunk) in cells.chunks_exact_mut(8).enumerate() {
        let row = JIntArray::from(env.get_object_array_element(a, r as i32)?);
        if row.is_null() {
            return Err(Refusal::Argument(format!("board row {r} is null")));
        }
        let len = env.get_array_length(&row)?;
        if len != 8 {
            return Err(Refusal::Argument(format!(
                "board row {r} has {len} cells, not 8"
            )));
        }
        env.get_int_array_region(&row, 0, chunk)?;
        env.delete_local_ref(row)?;
    }
    let (row, column) = crate::contest::contest_move(&cells, c)
        .map_err(|code| Refusal::Argument(code.message().to_string_lossy().into_owned()))?;
    env.set_int_array_region(out, 0, &[row, column])?;
    Ok(())
}
