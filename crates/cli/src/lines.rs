//! Reading lines of input that may be anything: not UTF-8, or endless.

use std::io::BufRead;

/// The longest line kept: the Gomocup protocol lets a brain cut longer ones, and holding a
/// gigabyte line whole would take a gigabyte.
pub const MAX_LINE: usize = 64 * 1024;

/// Reads the next line into `line` (its first [`MAX_LINE`] bytes; the rest is read and
/// dropped); `false` at the end of the input.
pub fn read_line<R: BufRead>(input: &mut R, line: &mut Vec<u8>) -> std::io::Result<bool> {
    line.clear();
    let mut any = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(any);
        }
        any = true;
        let (used, ended) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..used.min(room)]);
        input.consume(used);
        if ended {
            return Ok(true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line `read_line` gives, read through a buffer of `capacity` bytes.
    fn lines(input: &[u8], capacity: usize) -> Vec<Vec<u8>> {
        let mut reader = std::io::BufReader::with_capacity(capacity, input);
        let mut out = Vec::new();
        let mut line = Vec::new();
        while read_line(&mut reader, &mut line).unwrap() {
            out.push(line.clone());
        }
        out
    }

    #[test]
    fn lines_are_split_at_newlines_whatever_the_buffer() {
        let mut input = b"START 15\r\n\xff\xfe\n\nlast without newline".to_vec();
        let long = vec![b'X'; MAX_LINE + 1000];
        input.extend_from_slice(b"\n");
        input.extend_from_slice(&long);
        input.extend_from_slice(b"\nEND\n");
        // The same cut by hand: split at each newline (kept), then at most MAX_LINE bytes.
        let mut expected: Vec<Vec<u8>> = input
            .split_inclusive(|&b| b == b'\n')
            .map(|l| l[..l.len().min(MAX_LINE)].to_vec())
            .collect();
        expected.retain(|l| !l.is_empty());
        for capacity in [1, 7, 4096, 1 << 20] {
            assert_eq!(lines(&input, capacity), expected, "buffer of {capacity}");
        }
        assert!(lines(b"", 16).is_empty());
    }
}
