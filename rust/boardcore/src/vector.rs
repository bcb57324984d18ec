//! A batch of games stepped together, for learning: one action per game in, arrays out.
//!
//! Chance is resolved inside (each game owns a SplitMix64 seeded like `play`), so the caller
//! only sees decision nodes; a game that ends is reported and replaced by the next one.
//! Game `k` of env `i` in a batch of `B` reset with seed `S` is seeded `S + i + k * B`.

use rayon::prelude::*;

use crate::engine::{Action, Error, Game, GameState, CHANCE};
use crate::rng::SplitMix64;
use crate::sim::chance_outcome;

struct Slot<S> {
    state: S,
    rng: SplitMix64,
    games: u64,
    outcomes: Vec<(Action, u64)>,
    legal: Vec<Action>,
    // The state in which the last step ended a game (kept for Gymnasium's final observation).
    last: S,
    ended: bool,
}

pub struct VectorEnv<G: Game> {
    game: G,
    initial: G::State,
    seed: u64,
    slots: Vec<Slot<G::State>>,
}

impl<S: GameState> Slot<S> {
    /// Applies chance outcomes until a seat is to move or the game is over.
    fn settle(&mut self) {
        while self.state.current_player() == CHANCE {
            let action = chance_outcome(&self.state, &mut self.rng, &mut self.outcomes);
            self.state.apply_legal(action);
        }
    }

    fn start(&mut self, initial: &S, seed: u64) {
        self.state.clone_from(initial);
        self.rng = SplitMix64::new(seed);
        self.settle();
    }
}

impl<G: Game> VectorEnv<G> {
    pub fn new(game: G, batch: usize, seed: u64) -> Result<Self, Error> {
        if batch == 0 {
            return Err(Error::Parameter("batch must be at least 1".into()));
        }
        let initial = game.new_initial_state();
        let slots = (0..batch)
            .map(|_| Slot {
                state: initial.clone(),
                rng: SplitMix64::new(0),
                games: 0,
                outcomes: Vec::new(),
                legal: Vec::new(),
                last: initial.clone(),
                ended: false,
            })
            .collect();
        let mut env = Self {
            game,
            initial,
            seed,
            slots,
        };
        env.reset(seed);
        Ok(env)
    }

    pub fn game(&self) -> &G {
        &self.game
    }
    pub fn batch(&self) -> usize {
        self.slots.len()
    }
    pub fn state(&self, i: usize) -> &G::State {
        &self.slots[i].state
    }
    /// The terminal state of the game env `i` finished in the last step, if it finished one.
    pub fn final_state(&self, i: usize) -> Option<&G::State> {
        let slot = &self.slots[i];
        slot.ended.then_some(&slot.last)
    }

    /// Starts game 0 of every env: env `i` seeded `seed + i`.
    pub fn reset(&mut self, seed: u64) {
        self.seed = seed;
        let initial = &self.initial;
        self.slots.par_iter_mut().enumerate().for_each(|(i, slot)| {
            slot.games = 0;
            slot.ended = false;
            slot.start(initial, seed.wrapping_add(i as u64));
        });
    }

    /// Applies `actions[i]` in env `i`. Every action is checked first: one illegal action is
    /// an error naming the env, and no env moves. Games that end write their returns into
    /// `rewards` (`batch x players`, zeros elsewhere), set `terminated[i]` and restart.
    pub fn step(
        &mut self,
        actions: &[Action],
        rewards: &mut [f32],
        terminated: &mut [bool],
    ) -> Result<(), Error> {
        let (batch, players) = (self.batch(), self.game.num_players());
        if actions.len() != batch {
            return Err(Error::IllegalAction(format!(
                "step needs {batch} actions, one per env, not {}",
                actions.len()
            )));
        }
        for (i, (slot, &a)) in self.slots.iter_mut().zip(actions).enumerate() {
            slot.state.legal_actions_into(&mut slot.legal);
            if !slot.legal.contains(&a) {
                let text = slot
                    .state
                    .action_to_string(a)
                    .unwrap_or_else(|_| "no action".into());
                return Err(Error::IllegalAction(format!(
                    "env {i}: action {a} ({text}) is not legal for seat {}",
                    slot.state.current_player()
                )));
            }
        }
        let (initial, seed) = (&self.initial, self.seed);
        self.slots
            .par_iter_mut()
            .zip(rewards.par_chunks_mut(players))
            .zip(terminated.par_iter_mut())
            .zip(actions.par_iter())
            .enumerate()
            .for_each(|(i, (((slot, reward), done), &a))| {
                slot.state.apply_legal(a);
                slot.settle();
                reward.fill(0.0);
                *done = slot.state.is_terminal();
                slot.ended = *done;
                if *done {
                    slot.last.clone_from(&slot.state);
                    let mask = slot.state.winners_mask();
                    let k = mask.count_ones().max(1) as f32;
                    for (seat, r) in reward.iter_mut().enumerate() {
                        *r = if mask >> seat & 1 == 1 { 1.0 / k } else { 0.0 };
                    }
                    slot.games += 1;
                    let next = seed
                        .wrapping_add(i as u64)
                        .wrapping_add(slot.games.wrapping_mul(batch as u64));
                    slot.start(initial, next);
                }
            });
        Ok(())
    }

    /// The observation of the seat to move, the legal-action mask and the seat, per env.
    pub fn observe(&self, obs: &mut [f32], mask: &mut [bool], to_move: &mut [i32]) {
        let size = self.game.observation_size();
        let actions = self.game.num_distinct_actions();
        self.slots
            .par_iter()
            .zip(obs.par_chunks_mut(size))
            .zip(mask.par_chunks_mut(actions))
            .zip(to_move.par_iter_mut())
            .for_each(|(((slot, o), m), t)| {
                let seat = slot.state.current_player();
                *t = seat;
                m.fill(false);
                let mut legal = Vec::new();
                slot.state.legal_actions_into(&mut legal);
                for a in legal {
                    m[a as usize] = true;
                }
                // A settled env is always at a decision node: the seat is valid.
                let _ = slot.state.observation_tensor_into(seat.max(0) as usize, o);
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kardinal::KardinalGame;

    #[test]
    fn illegal_action_moves_no_env_and_games_restart() {
        let game = KardinalGame::new(2, None).unwrap();
        let mut env = VectorEnv::new(game, 3, 7).unwrap();
        let size = env.game().observation_size();
        let n = env.game().num_distinct_actions();
        let (mut obs, mut mask, mut seat) = (vec![0.0; 3 * size], vec![false; 3 * n], vec![0; 3]);
        let (mut rewards, mut done) = (vec![0.0; 6], vec![false; 3]);
        let before: Vec<String> = (0..3).map(|i| env.state(i).to_json()).collect();
        assert!(env
            .step(&[0, 0, u32::MAX], &mut rewards, &mut done)
            .is_err());
        let after: Vec<String> = (0..3).map(|i| env.state(i).to_json()).collect();
        assert_eq!(before, after);
        let mut finished = 0;
        for _ in 0..400 {
            env.observe(&mut obs, &mut mask, &mut seat);
            let actions: Vec<Action> = (0..3)
                .map(|i| mask[i * n..(i + 1) * n].iter().position(|&m| m).unwrap() as Action)
                .collect();
            env.step(&actions, &mut rewards, &mut done).unwrap();
            for i in 0..3 {
                if done[i] {
                    finished += 1;
                    let total: f32 = rewards[2 * i..2 * i + 2].iter().sum();
                    assert!((total - 1.0).abs() < 1e-6);
                    assert!(env.state(i).history().is_empty());
                    assert!(env.final_state(i).unwrap().is_terminal());
                } else {
                    assert!(env.final_state(i).is_none());
                }
            }
        }
        assert!(finished > 0);
    }
}
