//! Talking to a person at the terminal, for the `play` commands.

use std::io::Write;

use anyhow::Result;

/// The lines a person types.
pub struct Prompt {
    input: std::io::StdinLock<'static>,
}

impl Prompt {
    /// Reads from standard input.
    pub fn new() -> Prompt {
        Prompt {
            input: std::io::stdin().lock(),
        }
    }

    /// Shows `prompt` and returns the trimmed answer; `None` at the end of the input or when
    /// the person types `quit` (or `q`). Bytes that are not UTF-8 become `?`-like replacement
    /// characters, so such a line is re-asked as an illegal move instead of ending the game.
    pub fn ask(&mut self, prompt: &str) -> Result<Option<String>> {
        print!("{prompt}");
        std::io::stdout().flush()?;
        let mut bytes = Vec::new();
        if !alphabeta_cli::lines::read_line(&mut self.input, &mut bytes)? {
            println!();
            return Ok(None);
        }
        let line = String::from_utf8_lossy(&bytes);
        let t = line.trim();
        Ok((t != "quit" && t != "q").then(|| t.to_string()))
    }
}
