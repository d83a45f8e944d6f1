//! Just enough JSON for a Botzone bot, by hand: a value parser (objects, arrays, strings,
//! numbers, `true`, `false`, `null`) and the move objects `{"x0":…,"y0":…,"x1":…,"y1":…}`.

use crate::ataxx::Move;

/// A parsed JSON value.
#[derive(Debug, PartialEq)]
pub enum Value {
    /// `null`, `true` or `false`.
    Literal,
    /// A number.
    Number(f64),
    /// A string, escapes decoded.
    Text(String),
    /// An array.
    Array(Vec<Value>),
    /// An object, its members in order.
    Object(Vec<(String, Value)>),
}

impl Value {
    /// Parses one value filling all of `text` (surrounding white space allowed).
    pub fn parse(text: &str) -> Result<Value, String> {
        let mut parser = Parser {
            bytes: text.as_bytes(),
            at: 0,
        };
        let value = parser.value()?;
        parser.skip_space();
        if parser.at != parser.bytes.len() {
            return Err(format!("text after the JSON value at byte {}", parser.at));
        }
        Ok(value)
    }

    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// A move object, its four coordinates whole numbers.
    pub fn to_move(&self) -> Result<Move, String> {
        let mut mv = [0; 4];
        for (slot, key) in mv.iter_mut().zip(["x0", "y0", "x1", "y1"]) {
            *slot = match self.get(key) {
                Some(&Value::Number(n)) if n.fract() == 0.0 && n.abs() < 1e9 => n as i32,
                _ => return Err(format!("a move without a whole number {key:?}")),
            };
        }
        Ok(mv)
    }

    /// The moves of the array member `key`.
    pub fn moves(&self, key: &str) -> Result<Vec<Move>, String> {
        match self.get(key) {
            Some(Value::Array(items)) => items.iter().map(Value::to_move).collect(),
            _ => Err(format!("no array {key:?}")),
        }
    }
}

struct Parser<'t> {
    bytes: &'t [u8],
    at: usize,
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.bytes.get(self.at).copied()
    }

    fn expect(&mut self, byte: u8) -> Result<(), String> {
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(format!("expected {:?} at byte {}", byte as char, self.at))
        }
    }

    fn value(&mut self) -> Result<Value, String> {
        match self.peek() {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => self.string().map(Value::Text),
            Some(b't' | b'f' | b'n') => self.literal(),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(format!("expected a JSON value at byte {}", self.at)),
        }
    }

    fn object(&mut self) -> Result<Value, String> {
        self.expect(b'{')?;
        let mut members = Vec::new();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Value::Object(members));
        }
        loop {
            let key = self.string()?;
            self.expect(b':')?;
            members.push((key, self.value()?));
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Value::Object(members));
                }
                _ => return Err(format!("expected ',' or '}}' at byte {}", self.at)),
            }
        }
    }

    fn array(&mut self) -> Result<Value, String> {
        self.expect(b'[')?;
        let mut items = Vec::new();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Value::Array(items));
        }
        loop {
            items.push(self.value()?);
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(format!("expected ',' or ']' at byte {}", self.at)),
            }
        }
    }

    fn string(&mut self) -> Result<String, String> {
        self.expect(b'"')?;
        let mut out = Vec::new();
        loop {
            let byte = *self.bytes.get(self.at).ok_or("unterminated string")?;
            self.at += 1;
            match byte {
                b'"' => return String::from_utf8(out).map_err(|_| "a string is not UTF-8".into()),
                b'\\' => {
                    let escape = *self.bytes.get(self.at).ok_or("unterminated string")?;
                    self.at += 1;
                    let plain = match escape {
                        b'"' | b'\\' | b'/' => escape,
                        b'b' => 8,
                        b'f' => 12,
                        b'n' => b'\n',
                        b'r' => b'\r',
                        b't' => b'\t',
                        b'u' => {
                            let hex = self.bytes.get(self.at..self.at + 4).ok_or("short \\u")?;
                            self.at += 4;
                            let code = std::str::from_utf8(hex)
                                .ok()
                                .and_then(|h| u32::from_str_radix(h, 16).ok())
                                .ok_or("bad \\u escape")?;
                            let c = char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER);
                            out.extend_from_slice(c.to_string().as_bytes());
                            continue;
                        }
                        _ => return Err(format!("bad escape at byte {}", self.at)),
                    };
                    out.push(plain);
                }
                _ => out.push(byte),
            }
        }
    }

    fn literal(&mut self) -> Result<Value, String> {
        for word in ["true", "false", "null"] {
            if self.bytes[self.at..].starts_with(word.as_bytes()) {
                self.at += word.len();
                return Ok(Value::Literal);
            }
        }
        Err(format!("expected a JSON value at byte {}", self.at))
    }

    fn number(&mut self) -> Result<Value, String> {
        let start = self.at;
        while self
            .bytes
            .get(self.at)
            .is_some_and(|b| b.is_ascii_digit() || b"+-.eE".contains(b))
        {
            self.at += 1;
        }
        std::str::from_utf8(&self.bytes[start..self.at])
            .ok()
            .and_then(|t| t.parse().ok())
            .map(Value::Number)
            .ok_or_else(|| format!("bad number at byte {start}"))
    }
}
