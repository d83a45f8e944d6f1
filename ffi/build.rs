//! Compiles the C++ shim that gives the Reversi contest its `move` with C++ linkage; the object
//! is bundled into `libduel.a`.

fn main() {
    println!("cargo::rerun-if-changed=shim/contest_move.cpp");
    cc::Build::new()
        .cpp(true)
        .file("shim/contest_move.cpp")
        .flag_if_supported("-std=c++11")
        .flag_if_supported("-fno-exceptions")
        .flag_if_supported("-fno-rtti")
        .warnings(true)
        .extra_warnings(true)
        .compile("duel_contest_shim");
}
