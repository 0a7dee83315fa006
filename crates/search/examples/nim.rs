//! Writing your own game: Nim, from the rules to a perfect move, in one file.
//!
//! Several piles of stones; a move takes any number of stones from one pile; whoever takes the
//! last stone wins. Run it with `cargo run --example nim -- 3 4 5`.
//!
//! The steps, which any game follows:
//! 1. a position type with make/unmake moves ([`Game::play`] / [`Game::undo`]);
//! 2. the rules: legal moves, and when the game is over ([`Game::outcome`]);
//! 3. a small number per move ([`Game::move_id`]) and, for the transposition table, a hash;
//! 4. an [`Evaluator`] for positions the search cannot see to the end of;
//! 5. a [`Search`] with options, and a [`SearchReport`] back.

use alphabeta::{Evaluator, Game, Outcome, Score, Search, SearchOptions};

/// Up to 8 piles of up to 15 stones.
#[derive(Clone, Debug)]
struct Nim {
    piles: Vec<u8>,
    /// Zobrist hash of the piles, updated on every move.
    hash: u64,
}

/// A move: take `count` stones from pile `pile`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Take {
    pile: u8,
    count: u8,
}

/// A fixed pseudo-random number per (pile, size): the Zobrist keys.
fn key(pile: usize, size: u8) -> u64 {
    alphabeta::mix64((pile as u64) << 8 | size as u64)
}

impl Nim {
    fn new(piles: &[u8]) -> Nim {
        let piles: Vec<u8> = piles.iter().map(|&p| p.min(15)).take(8).collect();
        let hash = piles
            .iter()
            .enumerate()
            .map(|(i, &s)| key(i, s))
            .fold(0, |a, k| a ^ k);
        Nim { piles, hash }
    }

    fn set(&mut self, pile: usize, size: u8) {
        self.hash ^= key(pile, self.piles[pile]) ^ key(pile, size);
        self.piles[pile] = size;
    }
}

impl Game for Nim {
    type Move = Take;

    fn generate_moves(&self, moves: &mut Vec<Take>) {
        // Big takes first: they end the game sooner, a cheap ordering guess.
        for count in (1..=15).rev() {
            for (pile, &size) in self.piles.iter().enumerate() {
                if size >= count {
                    moves.push(Take {
                        pile: pile as u8,
                        count,
                    });
                }
            }
        }
    }

    fn play(&mut self, mv: Take) {
        let p = mv.pile as usize;
        self.set(p, self.piles[p] - mv.count);
    }

    fn undo(&mut self, mv: Take) {
        let p = mv.pile as usize;
        self.set(p, self.piles[p] + mv.count);
    }

    fn outcome(&self) -> Option<Outcome> {
        // No stones left: the previous player took the last one, so the side to move lost.
        self.piles.iter().all(|&s| s == 0).then_some(Outcome::Loss)
    }

    fn move_id(&self, mv: Take) -> usize {
        mv.pile as usize * 16 + mv.count as usize
    }

    fn move_id_limit(&self) -> usize {
        8 * 16
    }

    fn hash(&self) -> Option<u64> {
        Some(self.hash)
    }
}

/// Stones left, as a weak hint: fewer stones means the end is nearer. (The real theory says the
/// side to move wins exactly when the XOR of the piles is not zero; the search does not need
/// to know it, and this example checks that it finds it alone.)
struct StonesLeft;

impl Evaluator<Nim> for StonesLeft {
    fn evaluate(&self, game: &Nim) -> Score {
        Score(-(game.piles.iter().map(|&s| s as i32).sum::<i32>()))
    }
}

fn main() {
    let args: Vec<u8> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let piles = if args.is_empty() { vec![3, 4, 5] } else { args };
    let mut game = Nim::new(&piles);
    let mut search = Search::new(SearchOptions::depth(40));
    let report = search.run(&mut game, &StonesLeft);

    println!("piles {:?}", game.piles);
    match report.best_move {
        Some(m) => println!(
            "take {} from pile {} (score {}, depth {}, {} nodes)",
            m.count, m.pile, report.score, report.depth, report.stats.nodes
        ),
        None => println!("the game is over"),
    }
    let nim_sum = game.piles.iter().fold(0, |a, &s| a ^ s);
    println!(
        "theory: the side to move {}",
        if nim_sum != 0 { "wins" } else { "loses" }
    );
    assert_eq!(
        report.score.is_win(),
        nim_sum != 0,
        "search and theory agree"
    );
    if let Some(m) = report.best_move {
        if nim_sum != 0 {
            game.play(m);
            let after = game.piles.iter().fold(0, |a, &s| a ^ s);
            assert_eq!(after, 0, "the winning move leaves a zero nim-sum");
        }
    }
}
