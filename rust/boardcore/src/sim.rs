//! Playing games to the end: one seeded game, or many in parallel.
//!
//! Game `i` of a batch seeded `S` is exactly `play_random(game, S + i)`, whatever the number
//! of threads: each game owns its generator, so the work split cannot change a result.

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
    if agents.iter().all(|&a| a == Agent::Random) {
        return play_out(state, seed, scratch);
    }
    let mut rng = SplitMix64::new(seed);
    while !state.is_terminal() {
        let player = state.current_player();
        let action = if player == CHANCE {
            chance_outcome(state, &mut rng, &mut scratch.outcomes)
        } else {
            let agent = agents[player as usize % agents.len()];
            agent.act(state, &mut rng, &mut scratch.actions)
        };
        state.apply_legal(action);
    }
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

/// Per-game results of a batch, row-major (`scores[i * players + seat]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Batch {
    pub players: usize,
    pub scores: Vec<i32>,
    pub winners: Vec<bool>,
    pub lengths: Vec<u32>,
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
    let players = game.num_players();
    check_agents(agents, players)?;
    let mut batch = Batch {
        players,
        scores: vec![0; games * players],
        winners: vec![false; games * players],
        lengths: vec![0; games],
    };
    // Chunks of games amortise rayon's scheduling; each chunk owns a slice of the output.
    const CHUNK: usize = 64;
    let rows = CHUNK * players.max(1);
    let play_chunk =
        |chunk: usize, scores: &mut [i32], winners: &mut [bool], lengths: &mut [u32]| {
            let mut scratch = Scratch::default();
            let initial = game.new_initial_state();
            let mut state = initial.clone();
            for (j, length) in lengths.iter_mut().enumerate() {
                let i = (chunk * CHUNK + j) as u64;
                state.clone_from(&initial);
                play_out_agents(&mut state, seed.wrapping_add(i), agents, &mut scratch);
                let row = j * players..(j + 1) * players;
                state.scores_into(&mut scores[row.clone()]);
                let mask = state.winners_mask();
                for (seat, w) in winners[row].iter_mut().enumerate() {
                    *w = mask >> seat & 1 == 1;
                }
                *length = state.history().len() as u32;
            }
        };
    if threads == 1 {
        // One thread is the calling one: starting a pool costs more than a short batch.
        for (chunk, ((scores, winners), lengths)) in batch
            .scores
            .chunks_mut(rows)
            .zip(batch.winners.chunks_mut(rows))
            .zip(batch.lengths.chunks_mut(CHUNK))
            .enumerate()
        {
            play_chunk(chunk, scores, winners, lengths);
        }
        return Ok(batch);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::Parameter(format!("cannot start {threads} threads: {e}")))?;
    pool.install(|| {
        batch
            .scores
            .par_chunks_mut(rows)
            .zip(batch.winners.par_chunks_mut(rows))
            .zip(batch.lengths.par_chunks_mut(CHUNK))
            .enumerate()
            .for_each(|(chunk, ((scores, winners), lengths))| {
                play_chunk(chunk, scores, winners, lengths);
            });
    });
    Ok(batch)
}
