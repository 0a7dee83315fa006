//! A transposition table: a fixed-size, lock-free hash table of search results shared by all
//! threads.
//!
//! Each entry is two 64-bit words, the packed data and the key XOR-ed with the data (Hyatt's
//! lockless hashing): a write torn by another thread fails the key check and reads as a miss,
//! so no lock is needed. Entries sit in buckets of four, one cache line; a new result replaces
//! the same position if present, else the entry that is shallowest once its age is counted.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use crate::{Bound, Score};

mod memory;
use memory::Buckets;

/// What the table remembers of a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// The score, relative to the node (see [`Score::to_table`]).
    pub score: Score,
    /// The remaining depth the score was searched to (at most 255).
    pub depth: u32,
    /// What the score says about the true value.
    pub bound: Bound,
    /// The best move found, as a [`move_id`](crate::Game::move_id).
    pub move_id: Option<u16>,
}

const NO_MOVE: u64 = 0xFFFF;
const ENTRIES_PER_BUCKET: usize = 4;
/// Bytes per entry: two `u64` words.
pub const ENTRY_BYTES: usize = 16;

#[repr(C, align(64))]
struct Bucket {
    /// `[key ^ data, data]` for each of the four entries.
    words: [AtomicU64; 2 * ENTRIES_PER_BUCKET],
}

impl Bucket {
    fn empty() -> Bucket {
        Bucket {
            words: Default::default(),
        }
    }
}

/// The shared transposition table.
pub struct TranspositionTable {
    buckets: Buckets,
    generation: AtomicU8,
}

// Packing of the data word: score (32 bits) | move (16) | depth (8) | bound (2) | age (6).
fn pack(e: &TtEntry, age: u8) -> u64 {
    let bound = match e.bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    (e.score.0 as u32 as u64)
        | (e.move_id.map_or(NO_MOVE, u64::from) << 32)
        | ((e.depth.min(255) as u64) << 48)
        | (bound << 56)
        | (((age & 63) as u64) << 58)
}

fn unpack(data: u64) -> Option<TtEntry> {
    let bound = match (data >> 56) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    let mv = (data >> 32) & 0xFFFF;
    Some(TtEntry {
        score: Score(data as u32 as i32),
        depth: ((data >> 48) & 0xFF) as u32,
        bound,
        move_id: (mv != NO_MOVE).then_some(mv as u16),
    })
}

fn age_of(data: u64) -> u8 {
    ((data >> 58) & 63) as u8
}

fn depth_of(data: u64) -> i32 {
    ((data >> 48) & 0xFF) as i32
}

impl TranspositionTable {
    /// A table using about `megabytes` MiB (at least one bucket).
    pub fn new(megabytes: usize) -> TranspositionTable {
        Self::with_entries(megabytes.saturating_mul(1 << 20) / ENTRY_BYTES)
    }

    /// A table of about `entries` entries (rounded up to a bucket of four).
    pub fn with_entries(entries: usize) -> TranspositionTable {
        let buckets = entries.div_ceil(ENTRIES_PER_BUCKET).max(1);
        TranspositionTable {
            buckets: Buckets::zeroed(buckets),
            generation: AtomicU8::new(0),
        }
    }

    /// The number of entries.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * ENTRIES_PER_BUCKET
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for b in self.buckets.iter() {
            for w in &b.words {
                w.store(0, Ordering::Relaxed);
            }
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation
            .store(g.wrapping_add(1) & 63, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, hash: u64) -> &Bucket {
        // Maps the hash onto 0..len without a division (Lemire's multiply-shift).
        let i = ((hash as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    /// Asks the processor to start loading this hash's bucket, so that a probe shortly
    /// after finds it in the cache instead of waiting for memory.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.bucket(hash) as *const Bucket as *const i8;
            // SAFETY: a prefetch is only a hint (it never faults), and SSE is part of every
            // x86_64 processor.
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// The stored result for the position with this hash, if any.
    #[inline]
    pub fn probe(&self, hash: u64) -> Option<TtEntry> {
        let b = self.bucket(hash);
        for i in 0..ENTRIES_PER_BUCKET {
            let key = b.words[2 * i].load(Ordering::Relaxed);
            let data = b.words[2 * i + 1].load(Ordering::Relaxed);
            if key ^ data == hash && data != 0 {
                return unpack(data);
            }
        }
        None
    }

    /// Stores a result. A result for the same position replaces the old one, keeping its
    /// move when the new one has none; otherwise the least valuable entry of the bucket goes.
    #[inline]
    pub fn store(&self, hash: u64, mut entry: TtEntry) {
        let generation = self.generation.load(Ordering::Relaxed);
        let b = self.bucket(hash);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for i in 0..ENTRIES_PER_BUCKET {
            let key = b.words[2 * i].load(Ordering::Relaxed);
            let data = b.words[2 * i + 1].load(Ordering::Relaxed);
            if data == 0 {
                if victim_worth > i32::MIN {
                    victim = i;
                    victim_worth = i32::MIN;
                }
                continue;
            }
            if key ^ data == hash {
                if entry.move_id.is_none() {
                    entry.move_id = unpack(data).and_then(|e| e.move_id);
                }
                victim = i;
                break;
            }
            // An entry is worth its depth, less 4 plies for every search it has outlived.
            let age = (generation.wrapping_sub(age_of(data)) & 63) as i32;
            let worth = depth_of(data) - 4 * age;
            if worth < victim_worth {
                victim = i;
                victim_worth = worth;
            }
        }
        let data = pack(&entry, generation);
        b.words[2 * victim].store(hash ^ data, Ordering::Relaxed);
        b.words[2 * victim + 1].store(data, Ordering::Relaxed);
    }

    /// How full the table is, in permille, from a sample of its first buckets (the UCI and
    /// Gomocup engines' "hashfull").
    pub fn fullness_permille(&self) -> u32 {
        let sample = self.buckets.len().min(250);
        let mut used = 0;
        for b in &self.buckets[..sample] {
            for i in 0..ENTRIES_PER_BUCKET {
                if b.words[2 * i + 1].load(Ordering::Relaxed) != 0 {
                    used += 1;
                }
            }
        }
        (used * 1000 / (sample * ENTRIES_PER_BUCKET)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(score: i32, depth: u32, bound: Bound, mv: Option<u16>) -> TtEntry {
        TtEntry {
            score: Score(score),
            depth,
            bound,
            move_id: mv,
        }
    }

    #[test]
    fn entries_are_compact() {
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        assert_eq!(
            std::mem::size_of::<Bucket>() / ENTRIES_PER_BUCKET,
            ENTRY_BYTES
        );
    }

    #[test]
    fn round_trip_of_every_field() {
        let tt = TranspositionTable::with_entries(64);
        for e in [
            entry(-999_000_000, 0, Bound::Upper, None),
            entry(999_000_000, 255, Bound::Exact, Some(0)),
            entry(-1, 17, Bound::Lower, Some(65534)),
        ] {
            tt.store(12345, e);
            assert_eq!(tt.probe(12345), Some(e));
        }
        assert_eq!(tt.probe(54321), None);
    }

    #[test]
    fn a_result_without_a_move_keeps_the_old_move() {
        let tt = TranspositionTable::with_entries(64);
        tt.store(7, entry(3, 2, Bound::Exact, Some(9)));
        tt.store(7, entry(1, 3, Bound::Upper, None));
        assert_eq!(tt.probe(7), Some(entry(1, 3, Bound::Upper, Some(9))));
    }

    #[test]
    fn replacement_prefers_deep_then_recent_entries() {
        // One bucket: every hash lands in it.
        let tt = TranspositionTable::with_entries(4);
        for (h, d) in [(1, 9), (2, 3), (3, 7), (4, 8)] {
            tt.store(h, entry(0, d, Bound::Exact, None));
        }
        tt.store(5, entry(0, 1, Bound::Exact, None));
        assert!(tt.probe(2).is_none(), "the shallowest entry goes first");
        assert!(tt.probe(1).is_some() && tt.probe(5).is_some());
        // Three searches later every old entry is worth its depth - 12, less than a fresh
        // depth-1 entry: new shallow results now replace old deep ones, shallowest first.
        for _ in 0..3 {
            tt.new_search();
        }
        tt.store(6, entry(0, 1, Bound::Exact, None));
        assert!(tt.probe(5).is_none(), "old depth 1 goes first");
        tt.store(7, entry(0, 1, Bound::Exact, None));
        assert!(tt.probe(3).is_none(), "then old depth 7");
        tt.store(8, entry(0, 1, Bound::Exact, None));
        assert!(tt.probe(4).is_none(), "then old depth 8");
        assert!([1, 6, 7, 8].iter().all(|&h| tt.probe(h).is_some()));
    }

    /// A table big enough for huge pages (its own mapping on Linux): every bucket keeps
    /// what it is given, and clearing forgets it.
    #[test]
    fn a_large_table_keeps_entries_in_every_bucket() {
        let tt = TranspositionTable::new(4);
        assert_eq!(tt.capacity(), (4 << 20) / ENTRY_BYTES);
        let hashes: Vec<u64> = (0..tt.capacity() as u64 / 4)
            .map(|i| crate::mix64(i) | 1)
            .collect();
        for (i, &h) in hashes.iter().enumerate() {
            tt.prefetch(h);
            tt.store(h, entry(i as i32, 1, Bound::Exact, None));
        }
        // Some collide in a bucket of four and replace each other; most are there.
        let kept = hashes
            .iter()
            .enumerate()
            .filter(|&(i, &h)| tt.probe(h) == Some(entry(i as i32, 1, Bound::Exact, None)))
            .count();
        assert!(kept > hashes.len() * 9 / 10, "{kept} of {}", hashes.len());
        tt.clear();
        assert!(hashes.iter().all(|&h| tt.probe(h).is_none()));
    }

    #[test]
    fn fullness_counts_entries_and_clear_forgets() {
        // One bucket of four: the sample is the whole table.
        let tt = TranspositionTable::with_entries(4);
        assert_eq!(tt.fullness_permille(), 0);
        tt.store(99, entry(5, 5, Bound::Lower, None));
        assert_eq!(tt.fullness_permille(), 250);
        tt.clear();
        assert_eq!(tt.probe(99), None);
        assert_eq!(tt.fullness_permille(), 0);
    }
}
