//! Talking to a person at the terminal, for the `play` commands.

use std::io::{BufRead, Write};

use anyhow::Result;

/// The lines a person types.
pub struct Prompt {
    lines: std::io::Lines<std::io::StdinLock<'static>>,
}

impl Prompt {
    /// Reads from standard input.
    pub fn new() -> Prompt {
        Prompt {
            lines: std::io::stdin().lock().lines(),
        }
    }

    /// Shows `prompt` and returns the trimmed answer; `None` at the end of the input or when
    /// the person types `quit` (or `q`).
    pub fn ask(&mut self, prompt: &str) -> Result<Option<String>> {
        print!("{prompt}");
        std::io::stdout().flush()?;
        let Some(line) = self.lines.next() else {
            println!();
            return Ok(None);
        };
        let line = line?;
        let t = line.trim();
        Ok((t != "quit" && t != "q").then(|| t.to_string()))
    }
}
