#![no_main]
//! The brain's protocol loop fed fuzzed lines after a fixed start with a tiny node cap: it
//! must answer and return, never panic. Lines that would lift the caps are dropped.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let mut input =
        String::from("INFO max_node 300\nINFO timeout_turn 50\nINFO timeout_match 2000\n");
    for line in s.lines().take(40) {
        let up = line.to_ascii_uppercase();
        if up.contains("MAX_NODE")
            || up.contains("TIMEOUT")
            || up.contains("TIME_LEFT")
            || up.contains("MAX_DEPTH")
        {
            continue;
        }
        input.push_str(line);
        input.push('\n');
    }
    input.push_str("END\n");
    let mut out = Vec::new();
    alphabeta_cli::pbrain::run(std::io::Cursor::new(input.into_bytes()), &mut out, None);
});
