//! Playing games to the end: one seeded game, or many in parallel.
//!
//! Game `i` of a batch seeded `S` is exactly `play_random(game, S + i)`, whatever the number
//! of threads: each game owns its generator, so the work split cannot change a result.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::agents::Agent;
use crate::engine::{Action, Error, Game, GameState, CHANCE};
use crate::rng::SplitMix64;

/// Reused buffers, so a playout allocates nothing per move.
#[derive(Default)]
pub struct Scratch {
    actions: Vec<Action>,
    outcomes: Vec<(Action, u64)>,
}

/// Draws the outcome of the chance node `state` from `rng` (DESIGN.md, "Randomness"),
/// listing the outcomes into `buf`.
pub fn chance_outcome<S: GameState>(
    state: &S,
    rng: &mut SplitMix64,
    buf: &mut Vec<(Action, u64)>,
) -> Action {
    state.choose_chance(buf, rng)
}

/// Plays one game from the initial state with random agents; chance and agents draw from one
/// generator seeded `seed`, in the order they occur (DESIGN.md, "Randomness").
pub fn play_random<G: Game>(game: &G, seed: u64, scratch: &mut Scratch) -> G::State {
    let mut state = game.new_initial_state();
    play_out(&mut state, seed, scratch);
    state
}

/// Plays `state` to the end with random agents drawing from SplitMix64 seeded `seed`.
/// The batch loop resets one state in place per game rather than building a new one, since
/// states are flat structs of a few kilobytes.
pub fn play_out<S: GameState>(state: &mut S, seed: u64, scratch: &mut Scratch) {
    let mut rng = SplitMix64::new(seed);
    while !state.is_terminal() {
        state.step_random(&mut rng, &mut scratch.actions, &mut scratch.outcomes);
    }
}

/// Plays `state` to the end with `agents[seat]` choosing each seat's actions (one agent for
/// all seats if `agents` has one entry); chance and agents draw from one generator seeded
/// `seed`. With random agents this is exactly [`play_out`].
pub fn play_out_agents<S: GameState>(
    state: &mut S,
    seed: u64,
    agents: &[Agent],
    scratch: &mut Scratch,
) {
    play_out_watched(state, seed, agents, scratch, &mut || true);
}

/// [`play_out_agents`], asking `keep_going` between the agents' moves (and during their
/// searches); returns false, the game unfinished, once it says no. Random playouts take
/// micro- to milliseconds and are not interrupted.
pub fn play_out_watched<S: GameState>(
    state: &mut S,
    seed: u64,
    agents: &[Agent],
    scratch: &mut Scratch,
    keep_going: &mut dyn FnMut() -> bool,
) -> bool {
    if agents.iter().all(|&a| a == Agent::Random) {
        play_out(state, seed, scratch);
        return true;
    }
    let mut rng = SplitMix64::new(seed);
    while !state.is_terminal() {
        let player = state.current_player();
        let action = if player == CHANCE {
            chance_outcome(state, &mut rng, &mut scratch.outcomes)
        } else {
            let agent = agents[player as usize % agents.len()];
            agent.act_watched(state, &mut rng, &mut scratch.actions, keep_going)
        };
        if !keep_going() {
            return false;
        }
        state.apply_legal(action);
    }
    true
}

/// Checks an agent list against a game's seats: one agent, or one per seat.
pub fn check_agents(agents: &[Agent], players: usize) -> Result<(), Error> {
    if agents.len() == 1 || agents.len() == players {
        Ok(())
    } else {
        Err(Error::Parameter(format!(
            "give one agent for every seat or one per seat ({players}), not {}",
            agents.len()
        )))
    }
}

/// Per-game results of a batch, row-major (`scores[i * players + seat]`). A game stopped
/// before its end (see [`simulate_watched`]) has length 0: every finished game has at least
/// one action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Batch {
    pub players: usize,
    pub scores: Vec<i32>,
    pub winners: Vec<bool>,
    pub lengths: Vec<u32>,
}

impl Batch {
    /// How many games from the first one on are finished (all of them unless stopped).
    pub fn finished_prefix(&self) -> usize {
        self.lengths
            .iter()
            .position(|&n| n == 0)
            .unwrap_or(self.lengths.len())
    }
}

/// The most threads a batch may ask for: far beyond any machine, below what the OS refuses.
pub const MAX_THREADS: usize = 1024;
/// The most games one batch may hold: its result arrays take 4 + 5 × players bytes a game,
/// so this many take up to 7.5 GB.
pub const MAX_GAMES: usize = 1 << 28;
/// How often a watched batch reports on the calling thread.
pub const POLL_INTERVAL: Duration = Duration::from_millis(20);

/// Checks a batch's size and thread count before anything is allocated or started.
pub fn check_batch(games: usize, threads: usize) -> Result<(), Error> {
    if games > MAX_GAMES {
        return Err(Error::Parameter(format!(
            "games must be at most {MAX_GAMES} in one batch, not {games}: split it into \
             several calls (game i of a batch seeded S is seed S + i)"
        )));
    }
    if !(1..=MAX_THREADS).contains(&threads) {
        return Err(Error::Parameter(format!(
            "threads must be from 1 to {MAX_THREADS}, not {threads}"
        )));
    }
    Ok(())
}

/// Plays `games` random games seeded `seed, seed + 1, ...` on `threads` threads.
pub fn simulate<G: Game>(
    game: &G,
    games: usize,
    seed: u64,
    threads: usize,
) -> Result<Batch, Error> {
    simulate_agents(game, games, seed, threads, &[Agent::Random])
}

/// [`simulate`] with agents (see [`play_out_agents`]).
pub fn simulate_agents<G: Game>(
    game: &G,
    games: usize,
    seed: u64,
    threads: usize,
    agents: &[Agent],
) -> Result<Batch, Error> {
    simulate_watched(game, games, seed, threads, agents, &mut |_| true)
}

/// [`simulate_agents`], watched: `poll(finished)` runs on the calling thread about every
/// [`POLL_INTERVAL`] with the number of games finished so far (a Python caller checks for
/// Ctrl-C there and reports progress). Once it returns false the games under way stop at
/// their next move and the batch returns, its unplayed games with length 0.
pub fn simulate_watched<G: Game>(
    game: &G,
    games: usize,
    seed: u64,
    threads: usize,
    agents: &[Agent],
    poll: &mut dyn FnMut(usize) -> bool,
) -> Result<Batch, Error> {
    let players = game.num_players();
    check_agents(agents, players)?;
    check_batch(games, threads)?;
    let mut batch = Batch {
        players,
        scores: vec![0; games * players],
        winners: vec![false; games * players],
        lengths: vec![0; games],
    };
    // Chunks of random games amortise rayon's scheduling; an agent's game is long enough to
    // be a task of its own, which also keeps the progress count moving game by game.
    let random = agents.iter().all(|&a| a == Agent::Random);
    let chunk_games = if random { 64 } else { 1 };
    let rows = chunk_games * players.max(1);
    let stop = AtomicBool::new(false);
    let finished = AtomicUsize::new(0);
    let play_chunk = |chunk: usize,
                      scores: &mut [i32],
                      winners: &mut [bool],
                      lengths: &mut [u32],
                      keep_going: &mut dyn FnMut() -> bool| {
        let mut scratch = Scratch::default();
        let initial = game.new_initial_state();
        let mut state = initial.clone();
        for (j, length) in lengths.iter_mut().enumerate() {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            let i = (chunk * chunk_games + j) as u64;
            state.clone_from(&initial);
            if !play_out_watched(
                &mut state,
                seed.wrapping_add(i),
                agents,
                &mut scratch,
                keep_going,
            ) {
                return;
            }
            let row = j * players..(j + 1) * players;
            state.scores_into(&mut scores[row.clone()]);
            let mask = state.winners_mask();
            for (seat, w) in winners[row].iter_mut().enumerate() {
                *w = mask >> seat & 1 == 1;
            }
            *length = state.history().len() as u32;
        }
        finished.fetch_add(lengths.len(), Ordering::Relaxed);
    };
    let chunks = batch
        .scores
        .chunks_mut(rows)
        .zip(batch.winners.chunks_mut(rows))
        .zip(batch.lengths.chunks_mut(chunk_games));
    if threads == 1 {
        // One thread is the calling one (starting a pool costs more than a short batch), so
        // it also polls: between chunks, and between an agent's moves.
        let mut last = Instant::now();
        let mut due = |done: usize, poll: &mut dyn FnMut(usize) -> bool| {
            if stop.load(Ordering::Relaxed) {
                return false; // once stopped, stopped: the search and the game both end
            }
            if last.elapsed() < POLL_INTERVAL {
                return true;
            }
            last = Instant::now();
            let go = poll(done);
            if !go {
                stop.store(true, Ordering::Relaxed);
            }
            go
        };
        for (chunk, ((scores, winners), lengths)) in chunks.enumerate() {
            if !due(finished.load(Ordering::Relaxed), poll) {
                break;
            }
            let mut keep_going = || due(finished.load(Ordering::Relaxed), poll);
            play_chunk(chunk, scores, winners, lengths, &mut keep_going);
        }
        return Ok(batch);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::Parameter(format!("cannot start {threads} threads: {e}")))?;
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    pool.in_place_scope(|scope| {
        scope.spawn(|_| {
            chunks
                .collect::<Vec<_>>()
                .into_par_iter()
                .enumerate()
                .for_each(|(chunk, ((scores, winners), lengths))| {
                    let mut keep_going = || !stop.load(Ordering::Relaxed);
                    play_chunk(chunk, scores, winners, lengths, &mut keep_going);
                });
            let _ = done_tx.send(());
        });
        // The calling thread watches while the pool plays.
        while let Err(RecvTimeoutError::Timeout) = done_rx.recv_timeout(POLL_INTERVAL) {
            if !stop.load(Ordering::Relaxed) && !poll(finished.load(Ordering::Relaxed)) {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    Ok(batch)
}
