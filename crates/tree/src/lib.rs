//! # alphabeta-tree: alpha-beta on explicit trees, as a textbook or an exam shows it
//!
//! Give a tree, get the root value, the leaves opened and the branches cut, the window of every
//! node, a step-by-step trace, a picture, and the fewest leaves that fix the value.
//!
//! ```
//! use alphabeta_tree::{explain, parse, Settings};
//! let tree = parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
//! let e = explain(&tree, Settings::default(), false).unwrap();
//! assert_eq!(e.run.value, 3);
//! assert_eq!(e.run.opened, [0, 1, 2, 3, 6, 7, 8]); // 4 and 6 are never opened
//! // 3, 12 and 8 fix the first Min node at 3; one 2 under each other node caps it at 2.
//! assert_eq!(e.minimum.unwrap().leaves, 5);
//! ```
//!
//! The search is the engine's own (`alphabeta::alphabeta`, `negamax`, `pvs`, `minimax`), watched
//! through its observer hook: this crate records, it does not search by itself.
//!
//! Conventions: the root is Max unless told otherwise and levels alternate; children are
//! searched left to right unless told otherwise; a Max node stops when its value `>= beta`, a
//! Min node when `<= alpha` (or strictly, on request); leaves are numbered from 0 in reading
//! order whatever the search order; "pruned" lists the maximal subtrees never entered.

mod depth_limit;
mod draw;
mod explain;
mod minimum;
mod model;
mod parse;
mod random;
mod report;
mod unknown;
mod unknown_pair;

pub use depth_limit::{
    deepening, deepening_text, limit_depth, DeepeningRow, DepthError, DepthLimit,
};
pub use draw::{
    beamer, dot, svg, svg_question, tikz, tikz_question, worksheet, Exercise, ExerciseError,
    TooBigForSlides, MAX_SLIDE_NODES,
};
pub use explain::{
    run, Algorithm, ExplainError, NodeRecord, Order, RootKind, Run, Settings, Step, View,
};
pub use minimum::{given, minimum, Given, Minimum, NoSuchLeaf, Uniform};
pub use model::{
    format_leaf, format_path, format_value, LeafValue, Node, NodeId, Tree, INF, MAX_VALUE,
};
pub use parse::{parse, ParseError, MAX_DEPTH};
pub use random::{
    fresh_seed, parse_values, random_tree, RandomError, RandomTree, Shape, DEFAULT_VALUES,
    MAX_RANDOM_CHILDREN, MAX_RANDOM_DEPTH, MAX_RANDOM_LEAVES, MAX_STATIC_NOISE,
};
pub use report::{
    compare, compare_text, explain, order_name, shell_quote, trace_command, unsearched, CompareRow,
    Explanation, JsonReport,
};
pub use unknown::{
    cases, cases_json, cases_text, unknown_question, Case, Course, RootValue, UnknownQuestion,
};
pub use unknown_pair::{End, InnerCase, MAX_PAIR_VALUES};
