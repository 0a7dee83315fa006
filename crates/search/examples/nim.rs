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

use alphabeta::{Evaluator, Game, Outcome, Score, Search, SearchOptions, SearchReport};

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

/// The searched best move and score of `piles`, searched to the end (every move takes a stone,
/// so the game lasts at most as many plies as there are stones).
fn solve(piles: &[u8]) -> (Nim, SearchReport<Take>) {
    let mut game = Nim::new(piles);
    let stones: u32 = game.piles.iter().map(|&s| u32::from(s)).sum();
    let mut search = Search::new(SearchOptions::depth(stones.max(1)));
    let report = search.run(&mut game, &StonesLeft);
    (game, report)
}

/// The theory the search is not told: the side to move wins exactly when the XOR of the piles
/// (the nim-sum) is not zero, and a winning move leaves it zero.
fn nim_sum(piles: &[u8]) -> u8 {
    piles.iter().fold(0, |a, &s| a ^ s)
}

fn main() {
    let mut piles = Vec::new();
    for a in std::env::args().skip(1) {
        match a.parse::<u8>() {
            Ok(n) if n <= 15 => piles.push(n),
            _ => fail(&format!("'{a}' is not a pile size (0 to 15)")),
        }
    }
    if piles.is_empty() {
        piles = vec![3, 4, 5];
    }
    let stones: u32 = piles.iter().map(|&s| u32::from(s)).sum();
    if piles.len() > 8 || stones > 24 {
        // A search to the end of a longer game would take too long to be an example.
        fail(&format!(
            "{} piles of {stones} stones; at most 8 piles and 24 stones",
            piles.len()
        ));
    }
    let (mut game, report) = solve(&piles);
    println!("piles {:?}", game.piles);
    match report.best_move {
        Some(m) => println!(
            "take {} from pile {} (score {}, depth {}, {} nodes)",
            m.count, m.pile, report.score, report.depth, report.stats.nodes
        ),
        None => println!("the game is over"),
    }
    let sum = nim_sum(&game.piles);
    println!(
        "theory: the side to move {}",
        if sum != 0 { "wins" } else { "loses" }
    );
    assert_eq!(report.score.is_win(), sum != 0, "search and theory agree");
    if let (Some(m), true) = (report.best_move, sum != 0) {
        game.play(m);
        assert_eq!(
            nim_sum(&game.piles),
            0,
            "the winning move leaves a zero nim-sum"
        );
    }
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}; try `cargo run --example nim -- 3 4 5`");
    std::process::exit(2);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every position of up to three piles of up to 5 stones: the search, knowing nothing of
    /// the theory, wins exactly where the nim-sum says, and its winning move zeroes it.
    #[test]
    fn the_search_finds_the_theory_alone() {
        for a in 0..=5u8 {
            for b in 0..=5u8 {
                for c in 0..=5u8 {
                    let piles = [a, b, c];
                    let (mut game, report) = solve(&piles);
                    let sum = nim_sum(&piles);
                    assert_eq!(report.score.is_win(), sum != 0, "{piles:?}");
                    if sum != 0 {
                        game.play(report.best_move.expect("a move"));
                        assert_eq!(nim_sum(&game.piles), 0, "{piles:?}");
                    }
                }
            }
        }
    }
}
