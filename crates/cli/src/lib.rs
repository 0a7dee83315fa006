//! Protocol adapters shared by the binaries of `alphabeta-cli`.

pub mod lines;
pub mod pbrain;
