//! A second unknown leaf the search needs: for the values of the first that need it, how the
//! search goes for every value of the second ("for which x and y is G cut?").
//!
//! The search only compares leaf values, so its course depends only on how the two unknowns
//! lie among the tree's values and against each other. So each value of the tree becomes a
//! rank (0, 10, 20, ...); the first unknown goes on a rank or half-way to the next (a slot),
//! and the second on every rank, in every gap, and on either side of the first and on it (an
//! atom): one search each. Neighbouring atoms where the search goes alike become one case of
//! the second, whose ends are values of the tree or the first unknown (`F < E`), and
//! neighbouring slots of the first that one list of cases describes are taken together.

use crate::explain::{run, ExplainError, Settings};
use crate::model::{NodeId, Tree, MAX_VALUE};
use crate::unknown::{known_values, Case, Course, RootValue};

/// The most distinct values a tree may hold for the second unknown to be followed: a search
/// for each atom of each slot, some 17,000 at this size, stays well under a second.
pub const MAX_PAIR_VALUES: usize = 64;

/// An end of a range of the second unknown: a value, or the first unknown's value plus -1, 0
/// or 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// This value.
    Value(i32),
    /// The first unknown's value plus this.
    First(i32),
}

impl End {
    /// The end when the first unknown holds `first`.
    pub fn at(self, first: i32) -> i32 {
        match self {
            End::Value(v) => v,
            End::First(d) => first + d,
        }
    }
}

/// The values `low..=high` of the second unknown (given the first's), and how the search goes
/// for them: [`Course::Searched`], whose value may be either unknown's
/// ([`RootValue::Unknown`] the first's, [`RootValue::Other`] the second's), or
/// [`Course::Needs`] a third unknown leaf.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InnerCase {
    /// The lowest value.
    pub low: End,
    /// The highest.
    pub high: End,
    /// The search's course.
    pub course: Course,
}

impl InnerCase {
    /// Values of both unknowns that fall in this case, with the first in `firsts` (tried in
    /// order): the second at its bounded end, as [`Case::example`] picks.
    pub fn example(&self, firsts: &[i32]) -> Option<(i32, i32)> {
        firsts.iter().find_map(|&e| {
            let (low, high) = (
                self.low.at(e).max(-MAX_VALUE),
                self.high.at(e).min(MAX_VALUE),
            );
            let f = if low == -MAX_VALUE { high } else { low };
            (low <= high).then_some((e, f))
        })
    }
}

impl InnerCase {
    /// The case with the first unknown's value given: its ends and the root's value numbers.
    fn fix_first(&mut self, first: i32) {
        self.low = End::Value(self.low.at(first));
        self.high = End::Value(self.high.at(first));
        if let Course::Searched { value, .. } = &mut self.course {
            if *value == RootValue::Unknown {
                *value = RootValue::Is(first);
            }
        }
    }
}

/// The slots of the first unknown and the atoms of the second, on ranks.
struct Ranks {
    /// The distinct finite values of the known leaves, with both ends of the range.
    values: Vec<i32>,
    /// The tree with each known finite value replaced by its rank.
    tree: Tree,
}

/// Where one search puts the first unknown: a rank position, and the real values it stands for.
#[derive(Clone, Copy)]
struct Slot {
    pos: i32,
    low: i32,
    high: i32,
}

/// Where one search puts the second, the values it stands for, and how the search went.
struct Atom {
    low: End,
    high: End,
    result: AtomResult,
}

enum AtomResult {
    /// Every reading of the root's value the ranks allow (the second on a value of the tree
    /// is that value and the second's own), the best move, the leaves opened and the
    /// subtrees cut.
    Searched {
        readings: Vec<RootValue>,
        best_move: Option<u32>,
        opened: Vec<u32>,
        pruned: Vec<NodeId>,
    },
    Needs(NodeId),
}

const STEP: i32 = 10;

impl Ranks {
    fn new(tree: &Tree) -> Ranks {
        // Both unknowns are `?`, so no leaf need be left out.
        let values = known_values(tree, NodeId::MAX);
        let mut ranked = tree.clone();
        for &l in &tree.leaves {
            let node = &mut ranked.nodes[l as usize];
            if let Some(v) = node.value.filter(|v| v.abs() <= MAX_VALUE) {
                node.value = Some(STEP * values.binary_search(&v).expect("listed") as i32);
            }
        }
        Ranks {
            values,
            tree: ranked,
        }
    }

    /// The first unknown's slots within `low..=high`, in increasing order.
    fn slots(&self, low: i32, high: i32) -> Vec<Slot> {
        let mut slots = Vec::new();
        for (i, &v) in self.values.iter().enumerate() {
            let pos = STEP * i as i32;
            if i > 0 && v - self.values[i - 1] >= 2 {
                let (a, b) = (self.values[i - 1] + 1, v - 1);
                if low <= a && b <= high {
                    slots.push(Slot {
                        pos: pos - STEP / 2,
                        low: a,
                        high: b,
                    });
                }
            }
            if low <= v && v <= high {
                slots.push(Slot {
                    pos,
                    low: v,
                    high: v,
                });
            }
        }
        slots
    }

    /// The second unknown's atoms with the first at `slot`, each searched.
    fn atoms(
        &self,
        settings: Settings,
        (first, second): (NodeId, NodeId),
        slot: Slot,
    ) -> Result<Vec<Atom>, ExplainError> {
        let mut t = self.tree.clone();
        t.nodes[first as usize].value = Some(slot.pos);
        let mut atoms = Vec::new();
        let mut search = |pos: i32, low: End, high: End| -> Result<(), ExplainError> {
            t.nodes[second as usize].value = Some(pos);
            let result = match run(&t, settings, false) {
                Ok(r) => {
                    let readings = self.readings(r.value, slot.pos, pos);
                    if readings.is_empty() {
                        // The root's value is always one of the leaves'.
                        return Err(ExplainError::Unsupported(format!(
                            "the root's value {} is no leaf's on the ranks",
                            r.value
                        )));
                    }
                    AtomResult::Searched {
                        readings,
                        best_move: r.best_move,
                        opened: r.opened,
                        pruned: r.pruned,
                    }
                }
                Err(ExplainError::UnknownLeaf { node, .. }) => AtomResult::Needs(node),
                Err(e) => return Err(e),
            };
            atoms.push(Atom { low, high, result });
            Ok(())
        };
        for (i, &v) in self.values.iter().enumerate() {
            let pos = STEP * i as i32;
            if i > 0 && v - self.values[i - 1] >= 2 {
                let (a, b) = (self.values[i - 1] + 1, v - 1);
                let mid = pos - STEP / 2;
                if slot.pos != mid {
                    search(mid, End::Value(a), End::Value(b))?;
                } else if a == b {
                    // One whole number between: the second can only equal the first there.
                    search(mid, End::First(0), End::First(0))?;
                } else {
                    search(mid - 3, End::Value(a), End::First(-1))?;
                    search(mid, End::First(0), End::First(0))?;
                    search(mid + 3, End::First(1), End::Value(b))?;
                }
            }
            search(pos, End::Value(v), End::Value(v))?;
        }
        Ok(atoms)
    }

    /// What a root value on the ranks can be read as, with the first unknown at `first` and
    /// the second at `second`.
    fn readings(&self, value: i32, first: i32, second: i32) -> Vec<RootValue> {
        let mut readings = Vec::new();
        if value.abs() > STEP * self.values.len() as i32 {
            readings.push(RootValue::Is(value)); // an infinite leaf
        } else if value % STEP == 0 {
            readings.push(RootValue::Is(self.values[(value / STEP) as usize]));
        }
        if value == first {
            readings.push(RootValue::Unknown);
        }
        if value == second {
            readings.push(RootValue::Other);
        }
        readings
    }
}

/// The ways to describe the atoms of `slot`: [`describe`]'s, and where the first unknown
/// sits on a value `v` of the tree, also one in its terms: ends at `v - 1`, `v` and `v + 1`
/// as `E - 1`, `E` and `E + 1`, and a root value `v` as `E`. The two say the same for this
/// slot, but only the second may also hold for the next value of `E` ("F <= E, value E" for
/// E = 3 and 4, where the first says "F <= 3, value 3" and "F <= 4, value 4").
fn descriptions(slot: Slot, atoms: &[Atom]) -> Vec<Vec<InnerCase>> {
    let mut all = vec![describe(atoms)];
    if slot.low == slot.high {
        let v = slot.low;
        let relative = |end: End| match end {
            End::Value(w) if (w - v).abs() <= 1 => End::First(w - v),
            end => end,
        };
        let in_terms_of_first: Vec<Atom> = atoms
            .iter()
            .map(|a| Atom {
                low: relative(a.low),
                high: relative(a.high),
                result: match &a.result {
                    AtomResult::Searched {
                        readings,
                        best_move,
                        opened,
                        pruned,
                    } => {
                        let mut readings = readings.clone();
                        // The first unknown's reading before the tree's value.
                        readings.sort_by_key(|r| *r != RootValue::Unknown);
                        AtomResult::Searched {
                            readings,
                            best_move: *best_move,
                            opened: opened.clone(),
                            pruned: pruned.clone(),
                        }
                    }
                    AtomResult::Needs(n) => AtomResult::Needs(*n),
                },
            })
            .collect();
        all.push(describe(&in_terms_of_first));
    }
    all
}

/// Neighbouring atoms where the search goes alike, taken as one case each.
fn describe(atoms: &[Atom]) -> Vec<InnerCase> {
    let mut runs: Vec<(End, End, &AtomResult, Vec<RootValue>)> = Vec::new();
    for atom in atoms {
        if let Some((_, high, result, readings)) = runs.last_mut() {
            match (&atom.result, &**result) {
                (AtomResult::Needs(a), AtomResult::Needs(b)) if a == b => {
                    *high = atom.high;
                    continue;
                }
                (
                    AtomResult::Searched {
                        readings: r,
                        best_move,
                        opened,
                        pruned,
                    },
                    AtomResult::Searched {
                        best_move: m,
                        opened: o,
                        pruned: p,
                        ..
                    },
                ) if opened == o
                    && pruned == p
                    && best_move == m
                    && r.iter().any(|x| readings.contains(x)) =>
                {
                    readings.retain(|x| r.contains(x));
                    *high = atom.high;
                    continue;
                }
                _ => {}
            }
        }
        let readings = match &atom.result {
            AtomResult::Searched { readings, .. } => readings.clone(),
            AtomResult::Needs(_) => Vec::new(),
        };
        runs.push((atom.low, atom.high, &atom.result, readings));
    }
    runs.into_iter()
        .map(|(low, high, result, readings)| InnerCase {
            low,
            high,
            course: match result {
                // A value of the tree reads best, then the first unknown, then the second.
                AtomResult::Searched {
                    best_move,
                    opened,
                    pruned,
                    ..
                } => Course::Searched {
                    value: readings[0],
                    best_move: *best_move,
                    opened: opened.clone(),
                    pruned: pruned.clone(),
                },
                AtomResult::Needs(n) => Course::Needs(*n),
            },
        })
        .collect()
}

/// Do `cases` say what the searches of `atoms` did, for the first unknown anywhere in
/// `slot`? Checked at both ends of the slot and of every atom there: a case's ends fall on
/// atoms' ends, so each atom lies in one case throughout.
fn describes(cases: &[InnerCase], slot: Slot, atoms: &[Atom]) -> bool {
    [slot.low, slot.high].iter().all(|&e| {
        atoms.iter().all(|atom| {
            let (low, high) = (atom.low.at(e), atom.high.at(e));
            low > high
                || [low, high].iter().all(|&f| {
                    let mut holding = cases
                        .iter()
                        .filter(|c| c.low.at(e) <= f && f <= c.high.at(e));
                    match (holding.next(), holding.next()) {
                        (Some(case), None) => agrees(&case.course, &atom.result, e, f),
                        _ => false,
                    }
                })
        })
    })
}

/// Does a case's course say what a search did, with the unknowns at `e` and `f`?
fn agrees(course: &Course, result: &AtomResult, e: i32, f: i32) -> bool {
    let resolve = |v: RootValue| match v {
        RootValue::Is(v) => v,
        RootValue::Unknown => e,
        RootValue::Other => f,
    };
    match (course, result) {
        (Course::Needs(a), AtomResult::Needs(b)) => a == b,
        (
            Course::Searched {
                value,
                best_move,
                opened,
                pruned,
            },
            AtomResult::Searched {
                readings,
                best_move: m,
                opened: o,
                pruned: p,
            },
        ) => {
            opened == o && pruned == p && best_move == m && resolve(*value) == resolve(readings[0])
        }
        _ => false,
    }
}

/// The cases of `first` from `low` to `high`, where the search needs `second` too: the first's
/// values in groups, each with how the search goes for every value of the second. A group
/// where the second's value changes nothing is one plain case. `None` when the tree holds
/// more than [`MAX_PAIR_VALUES`] values.
pub(crate) fn split(
    tree: &Tree,
    settings: Settings,
    (first, second): (NodeId, NodeId),
    (low, high): (i32, i32),
) -> Result<Option<Vec<Case>>, ExplainError> {
    let ranks = Ranks::new(tree);
    if ranks.values.len() > MAX_PAIR_VALUES + 2 {
        return Ok(None);
    }
    // Groups of slots (each with its atoms), each with the descriptions that hold for all of
    // them (the first that holds is printed).
    type Group = (Vec<(Slot, Vec<Atom>)>, Vec<Vec<InnerCase>>);
    let mut groups: Vec<Group> = Vec::new();
    for slot in ranks.slots(low, high) {
        let atoms = ranks.atoms(settings, (first, second), slot)?;
        let own = descriptions(slot, &atoms);
        if let Some((members, held)) = groups.last_mut() {
            let still: Vec<Vec<InnerCase>> = held
                .iter()
                .filter(|cases| describes(cases, slot, &atoms))
                .cloned()
                .chain(
                    own.iter()
                        .filter(|cases| members.iter().all(|(s, a)| describes(cases, *s, a)))
                        .cloned(),
                )
                .collect();
            if !still.is_empty() {
                *held = still;
                members.push((slot, atoms));
                continue;
            }
        }
        groups.push((vec![(slot, atoms)], own));
    }
    Ok(Some(
        groups
            .into_iter()
            .map(|(members, mut held)| {
                let slots: Vec<Slot> = members.into_iter().map(|(s, _)| s).collect();
                group_case(second, &slots, held.swap_remove(0))
            })
            .collect(),
    ))
}

/// One case of the first unknown: the values of its `slots`, with `cases` of the second.
fn group_case(second: NodeId, slots: &[Slot], mut cases: Vec<InnerCase>) -> Case {
    let low = slots[0].low;
    let high = slots[slots.len() - 1].high;
    // Cases no value of the first can reach (an empty `E < F < E`) are dropped.
    let firsts: Vec<i32> = slots.iter().flat_map(|s| [s.low, s.high]).collect();
    cases.retain(|c| c.example(&firsts).is_some());
    if low == high {
        // One value of the first: its name gives way to the value.
        cases.iter_mut().for_each(|c| c.fix_first(low));
    }
    let course = match cases.as_slice() {
        // The second's value changes nothing, and the root's value is not it (nor does the
        // search need a third unknown leaf: that one is named with the second).
        [InnerCase {
            course: course @ Course::Searched { value, .. },
            ..
        }] if *value != RootValue::Other => course.clone(),
        _ => Course::Also {
            leaf: second,
            cases,
        },
    };
    Case { low, high, course }
}
