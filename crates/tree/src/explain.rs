//! Running the engine's algorithms on an explicit tree and recording, through the engine's
//! observer hook, what they do: which nodes they enter with which window, which leaves they
//! open, where they cut, and what each node returns.

use alphabeta::{
    alphabeta, minimax, negamax, pvs, Bound, CutRule, Evaluator, FailMode, Game, Observer, Outcome,
    Pruning, Score, Window,
};
use thiserror::Error;

use crate::model::{NodeId, Tree};

/// Which player moves at the root.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum RootKind {
    /// The root maximises (the textbook default).
    #[default]
    Max,
    /// The root minimises.
    Min,
}

impl RootKind {
    /// Is a node at this depth a Max node? Levels alternate from the root.
    pub fn is_max_at(self, depth: u32) -> bool {
        depth.is_multiple_of(2) == (self == RootKind::Max)
    }
}

/// The order children are searched in.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// Left to right (the textbook default).
    #[default]
    LeftToRight,
    /// Right to left.
    RightToLeft,
    /// By the children's static values (`B=4(...)`), best first for the player to move
    /// (highest for Max, lowest for Min), ties and children without one left to right
    /// after them: heuristic move ordering, as a shallower search or an evaluation gives it.
    Static,
}

impl Order {
    /// Every order, in the order the comparison table shows them.
    pub const ALL: [Order; 3] = [Order::LeftToRight, Order::RightToLeft, Order::Static];

    /// The children of `id` in this order, as child indices.
    pub fn children(self, tree: &Tree, root: RootKind, id: NodeId) -> Vec<u32> {
        let n = tree.node(id).child_count;
        let mut order: Vec<u32> = (0..n).collect();
        match self {
            Order::LeftToRight => {}
            Order::RightToLeft => order.reverse(),
            Order::Static => {
                let kids = tree.children_of(id);
                let max = root.is_max_at(tree.node(id).depth);
                // Unvalued children last; among valued ones the mover's best first.
                order.sort_by_key(|&i| match tree.node(kids[i as usize]).static_value {
                    Some(Some(v)) if max => (0, -(v as i64)),
                    Some(Some(v)) => (0, v as i64),
                    _ => (1, 0),
                });
            }
        }
        order
    }
}

/// The algorithm that searches the tree.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Plain minimax: every leaf.
    Minimax,
    /// Alpha-beta, max/min form, fail-hard (the textbook's).
    #[default]
    AlphaBeta,
    /// Alpha-beta, max/min form, fail-soft.
    AlphaBetaSoft,
    /// Alpha-beta, negamax form, fail-soft.
    Negamax,
    /// Principal variation search.
    Pvs,
}

impl Algorithm {
    /// Every algorithm, in the order the comparison table shows them.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::AlphaBetaSoft,
        Algorithm::Negamax,
        Algorithm::Pvs,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::AlphaBetaSoft => "alphabeta-soft",
            Algorithm::Negamax => "negamax",
            Algorithm::Pvs => "pvs",
        }
    }

    /// The name in words, as a title: `Alpha-beta (fail-hard)`.
    pub fn title(self) -> &'static str {
        match self {
            Algorithm::Minimax => "Minimax",
            Algorithm::AlphaBeta => "Alpha-beta (fail-hard)",
            Algorithm::AlphaBetaSoft => "Alpha-beta (fail-soft)",
            Algorithm::Negamax => "Negamax alpha-beta",
            Algorithm::Pvs => "Principal variation search",
        }
    }
}

/// How to search a tree.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Settings {
    /// Max or Min at the root.
    pub root: RootKind,
    /// Child order.
    pub order: Order,
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Cut on `>=`/`<=` (inclusive) or only on `>`/`<` (strict).
    pub cut: CutRule,
}

/// Why a tree could not be explained.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ExplainError {
    /// The search had to open a leaf whose value is not given.
    #[error("the search needs {name}, which is unknown ('?')")]
    UnknownLeaf {
        /// What is unknown ([`Tree::unknown_noun`]): `leaf N`, `leaf [1,0]`,
        /// `B's static value`.
        name: String,
        /// The leaf.
        node: NodeId,
    },
    /// A setting that does not apply.
    #[error("{0}")]
    Unsupported(String),
}

/// A step of the search, as a textbook trace shows it. Values and windows are from Max's point
/// of view (the tree's own numbers), whatever the root and the algorithm.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Enter a node with the window `(alpha, beta)`.
    Enter {
        /// The node.
        node: NodeId,
        /// Lower end of the window.
        alpha: i32,
        /// Upper end of the window.
        beta: i32,
    },
    /// Open a leaf.
    Leaf {
        /// The leaf.
        node: NodeId,
        /// Its value.
        value: i32,
    },
    /// A child's value narrowed the node's window.
    Narrow {
        /// The node.
        node: NodeId,
        /// New alpha.
        alpha: i32,
        /// New beta.
        beta: i32,
    },
    /// The node's window is empty: its remaining children are cut.
    Cut {
        /// The node.
        node: NodeId,
        /// The value that caused the cut.
        value: i32,
    },
    /// Leave a node with its value.
    Exit {
        /// The node.
        node: NodeId,
        /// The value returned.
        value: i32,
        /// Whether it is exact or a bound.
        bound: Bound,
    },
}

/// Whose eyes values and windows are seen through.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum View {
    /// Max's, at every node (the textbook's max/min form): Min nodes minimise.
    #[default]
    Max,
    /// The player's to move at each node (the negamax form): every node maximises, a Min
    /// node's values are negated and its window `(a, b)` is `(-b, -a)`.
    Mover,
}

impl View {
    /// `max` or `mover`.
    pub fn name(self) -> &'static str {
        match self {
            View::Max => "max",
            View::Mover => "mover",
        }
    }

    /// The sign that turns Max's view of a value at a node of this depth into this view's.
    pub fn sign(self, root: RootKind, depth: u32) -> i32 {
        if self == View::Mover && !root.is_max_at(depth) {
            -1
        } else {
            1
        }
    }
}

/// What the search did at one node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeRecord {
    /// Was it entered at all?
    pub visited: bool,
    /// The value it last returned, and whether exact or a bound.
    pub value: Option<(i32, Bound)>,
    /// The window when the node was last left (or entered, for a leaf).
    pub alpha: i32,
    /// See `alpha`.
    pub beta: i32,
}

/// Everything one search of a tree did.
#[derive(Clone, Debug)]
pub struct Run {
    /// The settings searched with.
    pub settings: Settings,
    /// Whose view the values and windows below are in.
    pub view: View,
    /// The root value.
    pub value: i32,
    /// The root's best move (child index), if the root is not a leaf.
    pub best_move: Option<u32>,
    /// The principal variation, as child indices from the root.
    pub pv: Vec<u32>,
    /// The leaves opened, by reading-order index, in the order first opened.
    pub opened: Vec<u32>,
    /// The roots of the maximal subtrees never entered, in reading order.
    pub pruned: Vec<NodeId>,
    /// Per node, indexed like [`Tree::nodes`].
    pub nodes: Vec<NodeRecord>,
    /// Every step, when asked for.
    pub trace: Vec<Step>,
}

/// The tree as a game for the engine: the move is a child index; the side to move at even
/// plies is the root's player.
#[derive(Clone)]
pub(crate) struct TreeWalk<'t> {
    tree: &'t Tree,
    path: Vec<NodeId>,
    order: Order,
    root: RootKind,
}

impl<'t> TreeWalk<'t> {
    pub(crate) fn new(tree: &'t Tree, order: Order, root: RootKind) -> Self {
        TreeWalk {
            tree,
            path: vec![0],
            order,
            root,
        }
    }

    fn here(&self) -> NodeId {
        self.path[self.path.len() - 1]
    }
}

impl Game for TreeWalk<'_> {
    type Move = u32;

    fn generate_moves(&self, moves: &mut Vec<u32>) {
        moves.extend(self.order.children(self.tree, self.root, self.here()));
    }

    fn play(&mut self, mv: u32) {
        let child = self.tree.children_of(self.here())[mv as usize];
        self.path.push(child);
    }

    fn undo(&mut self, _: u32) {
        self.path.pop();
    }

    fn outcome(&self) -> Option<Outcome> {
        None
    }

    fn move_id(&self, mv: u32) -> usize {
        mv as usize
    }

    fn move_id_limit(&self) -> usize {
        self.tree.max_branching as usize
    }
}

/// Leaf values for the side to move. `sign` turns the tree's numbers (Max's view) into the
/// root player's view: -1 when Min is at the root. Unknown leaves read as 0; the recorder
/// notices them.
struct LeafEval {
    sign: i32,
}

impl Evaluator<TreeWalk<'_>> for LeafEval {
    fn evaluate(&self, g: &TreeWalk<'_>) -> Score {
        let v = g.tree.node(g.here()).value.unwrap_or(0) * self.sign;
        if g.path.len() % 2 == 1 {
            Score(v)
        } else {
            Score(-v)
        }
    }
}

/// The observer that writes the [`Run`].
struct Recorder<'t> {
    tree: &'t Tree,
    /// -1 when Min is at the root: the engine's root-player view is then the negation.
    sign: i32,
    nodes: Vec<NodeRecord>,
    opened: Vec<u32>,
    trace: Option<Vec<Step>>,
    unknown: Option<NodeId>,
}

impl Recorder<'_> {
    /// A value from the engine's root-player view to the tree's Max view.
    fn value(&self, s: Score) -> i32 {
        s.0 * self.sign
    }

    /// A window from the engine's view to Max's view.
    fn window(&self, a: Score, b: Score) -> (i32, i32) {
        if self.sign > 0 {
            (a.0, b.0)
        } else {
            (-b.0, -a.0)
        }
    }

    fn step(&mut self, s: Step) {
        if let Some(t) = &mut self.trace {
            t.push(s);
        }
    }
}

impl<'t> Observer<TreeWalk<'t>> for Recorder<'t> {
    fn enter(&mut self, g: &TreeWalk<'t>, _: u32, alpha: Score, beta: Score) {
        let node = g.here();
        let (alpha, beta) = self.window(alpha, beta);
        let r = &mut self.nodes[node as usize];
        r.visited = true;
        r.alpha = alpha;
        r.beta = beta;
        self.step(Step::Enter { node, alpha, beta });
    }

    fn leaf(&mut self, g: &TreeWalk<'t>, _: u32, value: Score) {
        let node = g.here();
        let n = self.tree.node(node);
        if n.value.is_none() && self.unknown.is_none() {
            self.unknown = Some(node);
        }
        let value = self.value(value);
        self.step(Step::Leaf { node, value });
        let r = &mut self.nodes[node as usize];
        // PVS may open a leaf twice (a null-window probe, then a re-search): count it once.
        if r.value.is_none() {
            self.opened.push(n.leaf_index);
        }
        r.value = Some((value, Bound::Exact));
    }

    fn narrow(&mut self, g: &TreeWalk<'t>, _: u32, alpha: Score, beta: Score) {
        let node = g.here();
        let (alpha, beta) = self.window(alpha, beta);
        let r = &mut self.nodes[node as usize];
        r.alpha = alpha;
        r.beta = beta;
        self.step(Step::Narrow { node, alpha, beta });
    }

    fn cutoff(&mut self, g: &TreeWalk<'t>, _: u32, value: Score) {
        let value = self.value(value);
        self.step(Step::Cut {
            node: g.here(),
            value,
        });
    }

    fn exit(&mut self, g: &TreeWalk<'t>, _: u32, value: Score, bound: Bound) {
        let node = g.here();
        let value = self.value(value);
        let bound = if self.sign < 0 {
            bound.negated()
        } else {
            bound
        };
        self.nodes[node as usize].value = Some((value, bound));
        self.step(Step::Exit { node, value, bound });
    }
}

/// Searches `tree` with `settings`, recording every step when `trace` is set.
pub fn run(tree: &Tree, settings: Settings, trace: bool) -> Result<Run, ExplainError> {
    if settings.algorithm == Algorithm::Pvs && settings.cut == CutRule::Strict {
        return Err(ExplainError::Unsupported(
            "pvs uses the inclusive cut rule only (its null windows rely on it)".into(),
        ));
    }
    let sign = if settings.root == RootKind::Max {
        1
    } else {
        -1
    };
    let mut rec = Recorder {
        tree,
        sign,
        nodes: vec![NodeRecord::default(); tree.nodes.len()],
        opened: Vec::new(),
        trace: trace.then(Vec::new),
        unknown: None,
    };
    let mut game = TreeWalk::new(tree, settings.order, settings.root);
    let eval = LeafEval { sign };
    let depth = crate::parse::MAX_DEPTH + 2;
    let (hard, soft) = (
        Pruning {
            cut: settings.cut,
            fail: FailMode::Hard,
        },
        Pruning {
            cut: settings.cut,
            fail: FailMode::Soft,
        },
    );
    let w = Window::FULL;
    let report = match settings.algorithm {
        Algorithm::Minimax => minimax(&mut game, &eval, depth, &mut rec),
        Algorithm::AlphaBeta => alphabeta(&mut game, &eval, depth, w, hard, &mut rec),
        Algorithm::AlphaBetaSoft => alphabeta(&mut game, &eval, depth, w, soft, &mut rec),
        Algorithm::Negamax => negamax(&mut game, &eval, depth, w, soft, &mut rec),
        Algorithm::Pvs => pvs(&mut game, &eval, depth, w, &mut rec),
    };
    if let Some(node) = rec.unknown {
        return Err(ExplainError::UnknownLeaf {
            name: tree.unknown_noun(node, &tree.name(node)),
            node,
        });
    }
    let pruned = pruned_roots(tree, &rec.nodes);
    Ok(Run {
        settings,
        view: View::Max,
        value: report.score.0 * sign,
        best_move: report.best_move,
        pv: report.pv,
        opened: rec.opened,
        pruned,
        nodes: rec.nodes,
        trace: rec.trace.unwrap_or_default(),
    })
}

impl Run {
    /// The same run with every value, bound and window in `view`.
    pub fn in_view(mut self, tree: &Tree, view: View) -> Run {
        if view == self.view {
            return self;
        }
        // Both views agree at Max nodes; at Min nodes each is the other negated.
        let root = self.settings.root;
        let sign = |id: NodeId| View::Mover.sign(root, tree.node(id).depth);
        let value = |id: NodeId, v: i32| v * sign(id);
        let window = |id: NodeId, a: i32, b: i32| if sign(id) < 0 { (-b, -a) } else { (a, b) };
        let bound = |id: NodeId, b: Bound| if sign(id) < 0 { b.negated() } else { b };
        self.value = value(0, self.value);
        for (id, r) in self.nodes.iter_mut().enumerate() {
            let id = id as NodeId;
            r.value = r.value.map(|(v, b)| (value(id, v), bound(id, b)));
            (r.alpha, r.beta) = window(id, r.alpha, r.beta);
        }
        for s in &mut self.trace {
            match s {
                Step::Enter { node, alpha, beta } | Step::Narrow { node, alpha, beta } => {
                    (*alpha, *beta) = window(*node, *alpha, *beta);
                }
                Step::Leaf { node, value: v } | Step::Cut { node, value: v } => {
                    *v = value(*node, *v);
                }
                Step::Exit {
                    node,
                    value: v,
                    bound: b,
                } => {
                    (*v, *b) = (value(*node, *v), bound(*node, *b));
                }
            }
        }
        self.view = view;
        self
    }
}

/// The maximal subtrees never entered: unvisited nodes whose parent was visited.
fn pruned_roots(tree: &Tree, records: &[NodeRecord]) -> Vec<NodeId> {
    (0..tree.nodes.len() as NodeId)
        .filter(|&id| {
            !records[id as usize].visited
                && tree
                    .node(id)
                    .parent
                    .is_some_and(|p| records[p as usize].visited)
        })
        .collect()
}
