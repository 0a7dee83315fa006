//! `cargo bench -p alphabeta`: the algorithms on a fixed pseudo-random game, and the check that
//! the observer hook costs nothing when unused (the library's negamax with `NoObserver` against
//! a hook-free copy written here).

use alphabeta::testing::{RandomEval, RandomGame};
use alphabeta::{
    alphabeta, negamax, pvs, Evaluator, Game, NoObserver, Outcome, Pruning, Score, Search,
    SearchOptions, Window,
};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

const DEPTH: u32 = 5;

fn game() -> RandomGame {
    RandomGame::new(16, 2024).with_loss_rate(0)
}

/// The same bookkeeping as the library (node and leaf counts, a principal variation on the
/// stack, reused move lists), without any observer calls: the baseline.
struct Bare {
    moves: Vec<Vec<u8>>,
    pv: Vec<Vec<u8>>,
    nodes: u64,
    leaves: u64,
}

impl Bare {
    fn new() -> Bare {
        Bare {
            moves: vec![Vec::new(); 64],
            pv: vec![Vec::new(); 65],
            nodes: 0,
            leaves: 0,
        }
    }

    fn search(
        &mut self,
        g: &mut RandomGame,
        depth: u32,
        ply: u32,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        let p = ply as usize;
        self.nodes += 1;
        self.pv[p].clear();
        if let Some(o) = g.outcome() {
            self.leaves += 1;
            return match o {
                Outcome::Win => Score::win_in(ply),
                Outcome::Loss => Score::loss_in(ply),
                Outcome::Draw => Score::DRAW,
            };
        }
        let mut list = std::mem::take(&mut self.moves[p]);
        list.clear();
        if depth > 0 {
            g.generate_moves(&mut list);
        }
        if list.is_empty() {
            self.moves[p] = list;
            self.leaves += 1;
            return RandomEval.evaluate(g);
        }
        let mut best = -Score::INFINITY;
        for &mv in &list {
            self.pv[p + 1].clear();
            g.play(mv);
            let v = -self.search(g, depth - 1, ply + 1, -beta, -alpha);
            g.undo(mv);
            if v > best {
                best = v;
                let (head, tail) = self.pv.split_at_mut(p + 1);
                head[p].clear();
                head[p].push(mv);
                head[p].extend_from_slice(&tail[0]);
            }
            if best >= beta {
                break;
            }
            if best > alpha {
                alpha = best;
            }
        }
        self.moves[p] = list;
        best
    }
}

fn observer_overhead(c: &mut Criterion) {
    let mut group = c.benchmark_group("observer_overhead");
    group.bench_function("hook_free_copy", |b| {
        let mut g = game();
        let mut bare = Bare::new();
        b.iter(|| black_box(bare.search(&mut g, DEPTH, 0, -Score::INFINITY, Score::INFINITY)))
    });
    group.bench_function("library_negamax_no_observer", |b| {
        let mut g = game();
        b.iter(|| {
            black_box(
                negamax(
                    &mut g,
                    &RandomEval,
                    DEPTH,
                    Window::FULL,
                    Pruning::default(),
                    &mut NoObserver,
                )
                .score,
            )
        })
    });
    group.finish();
}

fn algorithms(c: &mut Criterion) {
    let mut group = c.benchmark_group("algorithms");
    group.sample_size(20);
    group.bench_function("alphabeta_maxmin", |b| {
        let mut g = game();
        b.iter(|| {
            black_box(
                alphabeta(
                    &mut g,
                    &RandomEval,
                    DEPTH,
                    Window::FULL,
                    Pruning::default(),
                    &mut NoObserver,
                )
                .score,
            )
        })
    });
    group.bench_function("pvs", |b| {
        let mut g = game();
        b.iter(|| black_box(pvs(&mut g, &RandomEval, DEPTH, Window::FULL, &mut NoObserver).score))
    });
    group.bench_function("iterative_deepening_tt", |b| {
        let mut g = game();
        b.iter(|| {
            let mut s = Search::new(SearchOptions {
                tt_megabytes: 4,
                ..SearchOptions::depth(DEPTH + 1)
            });
            black_box(s.run(&mut g, &RandomEval).score)
        })
    });
    group.finish();
}

criterion_group!(benches, observer_overhead, algorithms);
criterion_main!(benches);
