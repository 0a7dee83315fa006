//! What a threat search may spend: nodes, and time and a stop flag when given. The VCF and
//! VCT solvers count their nodes and ask their budget at each.

use std::time::Instant;

/// A node limit, and optionally a deadline and a stop flag (looked at every 64 nodes or so:
/// the clock is not free). Once spent, it stays spent until [`restart`](Budget::restart).
#[derive(Clone, Debug)]
pub(crate) struct Budget {
    pub(crate) node_limit: u64,
    pub(crate) deadline: Option<Instant>,
    pub(crate) stop: Option<alphabeta::StopHandle>,
    next_check: u64,
    spent: bool,
}

impl Budget {
    pub(crate) fn new(node_limit: u64) -> Budget {
        Budget {
            node_limit,
            deadline: None,
            stop: None,
            next_check: 0,
            spent: false,
        }
    }

    /// A new search: nothing spent yet.
    pub(crate) fn restart(&mut self) {
        self.next_check = 0;
        self.spent = false;
    }

    /// With `nodes` counted so far (the count may jump), is the budget spent?
    pub(crate) fn exhausted(&mut self, nodes: u64) -> bool {
        if !self.spent {
            if nodes > self.node_limit {
                self.spent = true;
            } else if nodes >= self.next_check {
                self.next_check = nodes + 64;
                self.spent = self.deadline.is_some_and(|d| Instant::now() >= d)
                    || self.stop.as_ref().is_some_and(|s| s.is_stopped());
            }
        }
        self.spent
    }

    /// Did the search stop at a limit?
    pub(crate) fn is_spent(&self) -> bool {
        self.spent
    }
}
