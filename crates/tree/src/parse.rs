//! Reading a tree from text. Two forms, which may be mixed:
//!
//! - nested lists of leaf values: `[[3,12,8],[2,4,6],[14,5,2]]`;
//! - labelled trees: `A(B(D=3,E=6),C(F=?,G=4))`, labels of Unicode letters and digits
//!   (starting with a letter; `_` and `'` allowed after it).
//!
//! Leaf values are integers, `inf`, `-inf`, or `?` (unknown). Errors give the line and column.

use std::collections::HashMap;

use thiserror::Error;

use crate::model::{LeafValue, Node, NodeId, Tree, INF, MAX_VALUE};

/// The deepest nesting accepted (the search's stack is bounded too).
pub const MAX_DEPTH: u32 = 400;

/// A fault in a tree's text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ParseError {
    /// 1-based line of the fault.
    pub line: usize,
    /// 1-based column (in characters) of the fault.
    pub column: usize,
    /// What was wrong.
    pub message: String,
}

/// Parses a tree in either form.
pub fn parse(input: &str) -> Result<Tree, ParseError> {
    let mut p = Parser {
        src: input,
        pos: 0,
        tree: Tree::default(),
        labels: HashMap::new(),
        pending: Vec::new(),
    };
    p.skip_ws();
    if p.peek().is_none() {
        return Err(p.error_at(p.pos, "the tree is empty".into()));
    }
    p.node(None, 0, 0)?;
    p.skip_ws();
    if let Some(c) = p.peek() {
        return Err(p.error_at(
            p.pos,
            format!("unexpected {} after the end of the tree", show(c)),
        ));
    }
    Ok(p.tree)
}

struct Parser<'a> {
    src: &'a str,
    pos: usize,
    tree: Tree,
    /// Label -> where it was first defined, to report duplicates.
    labels: HashMap<String, usize>,
    /// Children ids collected by nodes still open, flattened (a stack of lists).
    pending: Vec<NodeId>,
}

fn show(c: char) -> String {
    format!("'{c}'")
}

fn is_label_start(c: char) -> bool {
    c.is_alphabetic()
}

fn is_label_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '\''
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn skip_ws(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.pos += c.len_utf8();
            } else {
                break;
            }
        }
    }

    fn error_at(&self, pos: usize, message: String) -> ParseError {
        let before = &self.src[..pos];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = self.src[line_start..pos].chars().count() + 1;
        ParseError {
            line,
            column,
            message,
        }
    }

    fn found(&self) -> String {
        match self.peek() {
            Some(c) => show(c),
            None => "the end of the input".into(),
        }
    }

    /// Parses one node (and its subtree) whose parent is `parent`.
    fn node(
        &mut self,
        parent: Option<NodeId>,
        depth: u32,
        index: u32,
    ) -> Result<NodeId, ParseError> {
        if depth > MAX_DEPTH {
            return Err(self.error_at(
                self.pos,
                format!("the tree is nested deeper than {MAX_DEPTH} levels"),
            ));
        }
        self.skip_ws();
        let start = self.pos;
        let id = self.tree.nodes.len() as NodeId;
        self.tree.nodes.push(Node {
            label: None,
            parent,
            depth,
            first_child: 0,
            child_count: 0,
            value: None,
            static_value: None,
            leaf_index: u32::MAX,
            index_in_parent: index,
        });
        let c = match self.peek() {
            Some(c) => c,
            None => {
                return Err(self.error_at(
                    self.pos,
                    "expected a node (a number, '?', '[' or a label) but the input ended".into(),
                ))
            }
        };
        if is_label_start(c) {
            let word = self.word();
            self.skip_ws();
            match self.peek() {
                Some('=') => {
                    self.bump();
                    self.set_label(id, word, start)?;
                    self.skip_ws();
                    self.valued(id, depth)?;
                }
                // `inf[...]`: an unlabelled node whose static value is infinite.
                Some('(') | Some('[') if word == "inf" => {
                    self.tree.nodes[id as usize].static_value = Some(Some(INF));
                    self.children(id, depth)?;
                }
                Some('(') | Some('[') => {
                    self.set_label(id, word, start)?;
                    self.children(id, depth)?;
                }
                _ if word == "inf" => self.leaf(id, Some(INF)),
                _ => {
                    return Err(self.error_at(
                        self.pos,
                        format!(
                            "expected '=' and a value or '(' and children after {word}, found {}",
                            self.found()
                        ),
                    ))
                }
            }
        } else if c == '[' || c == '(' {
            self.children(id, depth)?;
        } else {
            self.valued(id, depth)?;
        }
        Ok(id)
    }

    /// A value, then either nothing more (a leaf) or children (an inner node with a static
    /// value: `B=4(...)`, `4[...]`, or an unknown one: `B=?(...)`).
    fn valued(&mut self, id: NodeId, depth: u32) -> Result<(), ParseError> {
        let value = self.leaf_value()?;
        self.skip_ws();
        if !matches!(self.peek(), Some('(') | Some('[')) {
            self.leaf(id, value);
            return Ok(());
        }
        self.tree.nodes[id as usize].static_value = Some(value);
        self.children(id, depth)
    }

    fn word(&mut self) -> String {
        let start = self.pos;
        while self.peek().is_some_and(is_label_char) {
            self.bump();
        }
        self.src[start..self.pos].to_string()
    }

    fn set_label(&mut self, id: NodeId, label: String, at: usize) -> Result<(), ParseError> {
        if label == "inf" {
            return Err(self.error_at(at, "'inf' is a value and cannot be a label".into()));
        }
        if let Some(&first) = self.labels.get(&label) {
            let f = self.error_at(first, String::new());
            return Err(self.error_at(
                at,
                format!(
                    "duplicate label {label} (first used at line {}, column {})",
                    f.line, f.column
                ),
            ));
        }
        self.labels.insert(label.clone(), at);
        self.tree.nodes[id as usize].label = Some(label);
        self.tree.labelled = true;
        Ok(())
    }

    fn leaf(&mut self, id: NodeId, value: LeafValue) {
        let n = &mut self.tree.nodes[id as usize];
        n.value = value;
        n.leaf_index = self.tree.leaves.len() as u32;
        self.tree.leaves.push(id);
    }

    /// A leaf value: an integer, `inf`, `-inf` or `?`.
    fn leaf_value(&mut self) -> Result<LeafValue, ParseError> {
        let start = self.pos;
        match self.peek() {
            Some('?') => {
                self.bump();
                return Ok(None);
            }
            Some('i') => {
                let w = self.word();
                if w == "inf" {
                    return Ok(Some(INF));
                }
                return Err(self.error_at(start, format!("expected a value, found '{w}'")));
            }
            _ => {}
        }
        let negative = match self.peek() {
            Some('-') => {
                self.bump();
                true
            }
            Some('+') => {
                self.bump();
                false
            }
            _ => false,
        };
        if self.peek() == Some('i') {
            let w = self.word();
            if w == "inf" {
                return Ok(Some(if negative { -INF } else { INF }));
            }
            return Err(self.error_at(start, format!("expected a value, found '{w}'")));
        }
        let digits_start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.bump();
        }
        let digits = &self.src[digits_start..self.pos];
        if digits.is_empty() {
            return Err(self.error_at(
                self.pos,
                format!(
                    "expected a value (an integer, inf, -inf or ?), found {}",
                    self.found()
                ),
            ));
        }
        let magnitude: Option<i64> = digits.parse().ok();
        match magnitude {
            Some(m) if m <= MAX_VALUE as i64 => {
                Ok(Some(if negative { -(m as i32) } else { m as i32 }))
            }
            _ => Err(self.error_at(
                start,
                format!(
                    "the number {}{digits} is out of range (at most {MAX_VALUE} in size; use inf)",
                    if negative { "-" } else { "" }
                ),
            )),
        }
    }

    /// `(` or `[`, one or more comma-separated nodes, then the matching `)` or `]`.
    fn children(&mut self, id: NodeId, depth: u32) -> Result<(), ParseError> {
        let open_at = self.pos;
        let open = self.bump().expect("called on a bracket");
        let close = if open == '(' { ')' } else { ']' };
        self.skip_ws();
        if self.peek() == Some(close) {
            return Err(self.error_at(
                open_at,
                "a node with no children (write a leaf value instead)".into(),
            ));
        }
        let base = self.pending.len();
        loop {
            let index = (self.pending.len() - base) as u32;
            let child = self.node(Some(id), depth + 1, index)?;
            self.pending.push(child);
            self.skip_ws();
            match self.peek() {
                Some(',') => {
                    self.bump();
                }
                Some(c) if c == close => {
                    self.bump();
                    break;
                }
                _ => {
                    let (line, column) = {
                        let e = self.error_at(open_at, String::new());
                        (e.line, e.column)
                    };
                    return Err(self.error_at(
                        self.pos,
                        format!(
                            "expected ',' or '{close}' (closing the '{open}' at line {line}, column {column}), found {}",
                            self.found()
                        ),
                    ));
                }
            }
        }
        let kids = self.pending.split_off(base);
        let first = self.tree.children.len() as u32;
        self.tree.children.extend_from_slice(&kids);
        let n = &mut self.tree.nodes[id as usize];
        n.first_child = first;
        n.child_count = kids.len() as u32;
        self.tree.max_branching = self.tree.max_branching.max(kids.len() as u32);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(s: &str) -> ParseError {
        parse(s).expect_err(s)
    }

    #[test]
    fn nested_lists() {
        let t = parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
        assert_eq!(t.nodes.len(), 13);
        assert_eq!(t.leaves.len(), 9);
        let values: Vec<_> = t.leaves.iter().map(|&l| t.node(l).value.unwrap()).collect();
        assert_eq!(values, [3, 12, 8, 2, 4, 6, 14, 5, 2]);
        assert_eq!(t.path(t.leaves[4]), [1, 1]);
        assert_eq!(t.to_text(), "[[3,12,8],[2,4,6],[14,5,2]]");
    }

    #[test]
    fn values_of_every_kind_and_whitespace() {
        let t = parse(" [ -7 ,\n inf, -inf , ? , +4 ] ").unwrap();
        let values: Vec<_> = t.leaves.iter().map(|&l| t.node(l).value).collect();
        assert_eq!(values, [Some(-7), Some(INF), Some(-INF), None, Some(4)]);
    }

    #[test]
    fn static_values_before_children() {
        let t = parse("A(B=4(D=3,E=6),C=-2(F=1),G=inf(H=0))").unwrap();
        let statics: Vec<_> = t.nodes.iter().map(|n| n.static_value).collect();
        let known = |v| Some(Some(v));
        assert_eq!(
            statics,
            [
                None,
                known(4),
                None,
                None,
                known(-2),
                None,
                known(INF),
                None
            ]
        );
        assert_eq!(t.leaves.len(), 4, "a static value makes no leaf");
        assert_eq!(t.to_text(), "A(B=4(D=3,E=6),C=-2(F=1),G=inf(H=0))");
        let lists = parse("[5[3,12],2 [1]]").unwrap();
        assert_eq!(lists.node(1).static_value, known(5));
        assert_eq!(lists.to_text(), "[5[3,12],2[1]]");
        for text in ["[inf[1,2],-inf[3]]", "A(B=inf(C=1),D=-inf(E=2))"] {
            assert_eq!(parse(text).unwrap().to_text(), text);
        }
        // An unknown static value: written, and read back, as `?`.
        for text in ["A(B=?(D=3),C=1)", "[?[3],1]"] {
            let t = parse(text).unwrap();
            assert_eq!(t.node(1).static_value, Some(None), "{text}");
            assert_eq!(t.leaves.len(), 2, "{text}");
            assert_eq!(t.to_text(), text);
        }
    }

    #[test]
    fn labelled_with_greek_letters() {
        let t = parse("Α(Β(Δ=3,Ε=?),Γ=-1)").unwrap();
        assert!(t.labelled);
        assert_eq!(t.name(t.leaves[1]), "Ε");
        assert_eq!(t.node(t.leaves[1]).value, None);
        assert_eq!(t.to_text(), "Α(Β(Δ=3,Ε=?),Γ=-1)");
    }

    #[test]
    fn errors_name_the_place_and_the_fault() {
        let e = err("");
        assert_eq!((e.line, e.column), (1, 1));
        assert!(e.message.contains("empty"));
        let e = err("[[3,12],[]]");
        assert_eq!((e.line, e.column), (1, 9));
        assert!(e.message.contains("no children"), "{e}");
        let e = err("[1,\n  2 x]");
        assert_eq!((e.line, e.column), (2, 5));
        assert!(e.message.contains("expected ',' or ']'"), "{e}");
        let e = err("[1,99999999999]");
        assert!(e.message.contains("out of range"), "{e}");
        assert_eq!(e.column, 4);
        let e = err("A(B=1,B=2)");
        assert!(e.message.contains("duplicate label B"), "{e}");
        assert_eq!(e.column, 7);
        let e = err("A(B=1,C)");
        assert!(e.message.contains("after C"), "{e}");
        let e = err("[1,2");
        assert!(e.message.contains("the end of the input"), "{e}");
        let e = err("[1,2]]");
        assert!(e.message.contains("after the end"), "{e}");
        let e = err("[1,abc]");
        assert!(e.message.contains("after abc"), "{e}");
        let e = err("[1,-]");
        assert!(e.message.contains("expected a value"), "{e}");
        let deep = "[".repeat(500) + "1" + &"]".repeat(500);
        assert!(err(&deep).message.contains("deeper"));
    }
}
