//! A batch of games stepped together, for learning: one action per game in, arrays out.
//!
//! Chance is resolved inside (each game owns a SplitMix64 seeded like `play`), so the caller
//! only sees decision nodes; a game that ends is reported and replaced by the next one.
//! Game `k` of env `i` in a batch of `B` reset with seed `S` is seeded `S + i + k * B`.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::engine::{Action, Error, Game, GameState, ObservationSink, TokenRow, CHANCE};
use crate::rng::SplitMix64;
use crate::sim::chance_outcome;

/// The threads a batch runs on, the calling thread one of them (`RAYON_NUM_THREADS` in
/// all): it starts on its share of the envs at once and helps with the rest while it waits,
/// where from outside a pool it would hand the whole batch to threads it must wake and then
/// sleep until woken itself. A thread that already belongs to a pool (a user's rayon job)
/// keeps its own.
struct BatchThreads {
    pool: rayon::ThreadPool,
    /// Set while a batch's pass runs; the other threads keep warm only in between.
    busy: Arc<AtomicBool>,
    /// How many of the other threads are keeping warm now.
    warm: Arc<AtomicUsize>,
}

/// How long the other threads wait for the next pass before they sleep. Waking a sleeping
/// thread took tens of microseconds on 2-core virtual machines (an idle virtual CPU is
/// halted), more than a quarter of a 1024-env step, while the caller's own work between two
/// steps (a learner drawing its actions in numpy) takes about as long: the threads wait,
/// spinning, as OpenMP's and XLA's do, for at most this long.
const KEEP_WARM: Duration = Duration::from_micros(300);

thread_local! {
    static BATCH_THREADS: Option<BatchThreads> = rayon::ThreadPoolBuilder::new()
        .use_current_thread()
        .build()
        .ok()
        .map(|pool| BatchThreads {
            pool,
            busy: Arc::default(),
            warm: Arc::default(),
        });
}

/// Runs `op` (a batch's parallel pass) on [`BATCH_THREADS`], then keeps the other threads
/// warm for the next pass.
fn on_batch_threads<R: Send>(op: impl FnOnce() -> R + Send) -> R {
    BATCH_THREADS.with(|threads| {
        let Some(t) = threads else {
            return op();
        };
        t.busy.store(true, Ordering::Release);
        let result = t.pool.install(op);
        t.busy.store(false, Ordering::Release);
        let others = t.pool.current_num_threads() - 1;
        if t.warm.load(Ordering::Acquire) == 0 {
            for _ in 0..others {
                let (busy, warm) = (Arc::clone(&t.busy), Arc::clone(&t.warm));
                warm.fetch_add(1, Ordering::AcqRel);
                t.pool.spawn(move || {
                    let start = Instant::now();
                    // Returns at once when the next pass starts, to take its share of it.
                    while !busy.load(Ordering::Acquire) && start.elapsed() < KEEP_WARM {
                        std::hint::spin_loop();
                    }
                    warm.fetch_sub(1, Ordering::AcqRel);
                });
            }
        }
        result
    })
}

struct Slot<S> {
    state: S,
    rng: SplitMix64,
    games: u64,
    outcomes: Vec<(Action, u64)>,
    legal: Vec<Action>,
    // Whether `legal` lists the current state's legal actions (set by `observe_compact`, so
    // that `step` checks the actions against it instead of listing them again).
    legal_fresh: bool,
    tokens: Vec<(u32, f32)>,
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

    /// Applies a checked action, settles chance and restarts a finished game (its returns in
    /// `reward`, its end in `last`); whether it finished. Game `k` is seeded `base + k * batch`.
    fn advance(
        &mut self,
        a: Action,
        reward: &mut [f32],
        initial: &S,
        base: u64,
        batch: usize,
    ) -> bool {
        self.legal_fresh = false;
        self.state.apply_legal(a);
        self.settle();
        reward.fill(0.0);
        let done = self.state.is_terminal();
        self.ended = done;
        if done {
            self.last.clone_from(&self.state);
            let mask = self.state.winners_mask();
            let k = mask.count_ones().max(1) as f32;
            for (seat, r) in reward.iter_mut().enumerate() {
                *r = if mask >> seat & 1 == 1 { 1.0 / k } else { 0.0 };
            }
            self.games += 1;
            let next = base.wrapping_add(self.games.wrapping_mul(batch as u64));
            self.start(initial, next);
        }
        done
    }

    /// Writes this env's row of the compact observation (see [`CompactBuffers`]).
    fn observe_compact<G: Game<State = S>>(
        &mut self,
        game: &G,
        row: CompactRow<'_>,
    ) -> Result<(), Error> {
        // A settled env is always at a decision node: the seat is valid.
        let seat = self.state.current_player();
        *row.to_move = seat;
        let mut tokens = TokenRow::new(row.index, row.value);
        game.observation_tokens_row(
            &self.state,
            seat.max(0) as usize,
            &mut tokens,
            &mut self.tokens,
        )?;
        *row.num_tokens = tokens.finish()?;
        if !self.legal_fresh {
            self.state.legal_actions_into(&mut self.legal);
            self.legal_fresh = true;
        }
        let (n, width) = (self.legal.len(), row.legal.len());
        if n > width {
            return Err(Error::Parameter(format!(
                "{n} legal actions, more than the compact width {width}"
            )));
        }
        for (o, &a) in row.legal.iter_mut().zip(&self.legal) {
            *o = a as i32;
        }
        row.legal[n..].fill(-1);
        *row.num_legal = n as i32;
        Ok(())
    }

    fn start(&mut self, initial: &S, seed: u64) {
        self.legal_fresh = false;
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
                legal_fresh: false,
                tokens: Vec::new(),
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
        let (initial, slots) = (&self.initial, &mut self.slots);
        on_batch_threads(|| {
            slots.par_iter_mut().enumerate().for_each(|(i, slot)| {
                slot.games = 0;
                slot.ended = false;
                slot.start(initial, seed.wrapping_add(i as u64));
            });
        });
    }

    /// Checks every action against its env's legal list (made once per state, in parallel):
    /// the first illegal one is an error naming the env.
    fn check_actions(&mut self, actions: &[Action]) -> Result<(), Error> {
        let batch = self.batch();
        if actions.len() != batch {
            return Err(Error::IllegalAction(format!(
                "step needs {batch} actions, one per env, not {}",
                actions.len()
            )));
        }
        let check = |(i, (slot, &a)): (usize, (&mut Slot<G::State>, &Action))| {
            if !slot.legal_fresh {
                slot.state.legal_actions_into(&mut slot.legal);
                slot.legal_fresh = true;
            }
            // Legal actions are listed ascending.
            if slot.legal.binary_search(&a).is_ok() {
                return None;
            }
            let text = slot
                .state
                .action_to_string(a)
                .unwrap_or_else(|_| "no action".into());
            Some(format!(
                "env {i}: action {a} ({text}) is not legal for seat {}",
                slot.state.current_player()
            ))
        };
        let slots = &mut self.slots;
        // Lists the compact observation returned are searched in one pass on this thread (a
        // parallel pass would cost more to start than the searches); others are listed first.
        let illegal = if slots.iter().all(|slot| slot.legal_fresh) {
            slots.iter_mut().zip(actions).enumerate().find_map(check)
        } else {
            on_batch_threads(|| {
                slots
                    .par_iter_mut()
                    .zip(actions.par_iter())
                    .enumerate()
                    .find_map_first(check)
            })
        };
        if let Some(message) = illegal {
            return Err(Error::IllegalAction(message));
        }
        Ok(())
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
        let batch = self.batch();
        self.step_then(
            actions,
            rewards,
            terminated,
            rayon::iter::repeat_n((), batch),
            |_, _, ()| Ok(()),
        )
    }

    /// `step` and then `observe_compact` in one pass over the envs, each env observed right
    /// after it moved (its state still in cache). An illegal action moves no env; a row too
    /// wide for its width (never seen, see the widths) is an error after the envs moved.
    pub fn step_compact(
        &mut self,
        actions: &[Action],
        rewards: &mut [f32],
        terminated: &mut [bool],
        out: CompactBuffers<'_>,
    ) -> Result<(), Error> {
        let rows = out.rows(&self.game);
        self.step_then(actions, rewards, terminated, rows, |slot, game, row| {
            slot.observe_compact(game, row)
        })
    }

    /// `step`, each env then handed to `then` with its item of `per_env` in the same pass.
    fn step_then<R: Send>(
        &mut self,
        actions: &[Action],
        rewards: &mut [f32],
        terminated: &mut [bool],
        per_env: impl IndexedParallelIterator<Item = R>,
        then: impl Fn(&mut Slot<G::State>, &G, R) -> Result<(), Error> + Sync,
    ) -> Result<(), Error> {
        let (batch, players) = (self.batch(), self.game.num_players());
        self.check_actions(actions)?;
        let (game, initial, seed, slots) = (&self.game, &self.initial, self.seed, &mut self.slots);
        on_batch_threads(|| {
            slots
                .par_iter_mut()
                .zip(rewards.par_chunks_mut(players))
                .zip(terminated.par_iter_mut())
                .zip(actions.par_iter())
                .zip(per_env)
                .enumerate()
                .try_for_each(|(i, ((((slot, reward), done), &a), item))| {
                    *done = slot.advance(a, reward, initial, seed.wrapping_add(i as u64), batch);
                    then(slot, game, item)
                })
        })
    }

    /// The observation of the seat to move, the legal-action mask and the seat, per env.
    pub fn observe(&self, obs: &mut [f32], mask: &mut [bool], to_move: &mut [i32]) {
        let size = self.game.observation_size();
        let actions = self.game.num_distinct_actions();
        let slots = &self.slots;
        on_batch_threads(|| {
            slots
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
        });
    }
}

/// The compact observation of a batch: preallocated arrays `observe_compact` fills, row `i`
/// for env `i`. Rows are padded: tokens with index -1 and value 0, legal actions with -1.
pub struct CompactBuffers<'a> {
    /// `batch x max_observation_tokens`: indices of the nonzero entries of the dense tensor.
    pub index: &'a mut [i32],
    /// `batch x max_observation_tokens`: their values.
    pub value: &'a mut [f32],
    /// `batch`: how many tokens each row holds.
    pub num_tokens: &'a mut [i32],
    /// `batch x max_legal_actions`: the legal actions, ascending.
    pub legal: &'a mut [i32],
    /// `batch`: how many legal actions each row holds.
    pub num_legal: &'a mut [i32],
    /// `batch`: the seat to move.
    pub to_move: &'a mut [i32],
}

/// One env's row of [`CompactBuffers`].
struct CompactRow<'a> {
    index: &'a mut [i32],
    value: &'a mut [f32],
    num_tokens: &'a mut i32,
    legal: &'a mut [i32],
    num_legal: &'a mut i32,
    to_move: &'a mut i32,
}

impl<'a> CompactBuffers<'a> {
    /// The rows, env by env, at `game`'s widths.
    fn rows<G: Game>(self, game: &G) -> impl IndexedParallelIterator<Item = CompactRow<'a>> {
        let (tokens, width) = (game.max_observation_tokens(), game.max_legal_actions());
        self.index
            .par_chunks_mut(tokens)
            .zip(self.value.par_chunks_mut(tokens))
            .zip(self.num_tokens.par_iter_mut())
            .zip(self.legal.par_chunks_mut(width))
            .zip(self.num_legal.par_iter_mut())
            .zip(self.to_move.par_iter_mut())
            .map(
                |(((((index, value), num_tokens), legal), num_legal), to_move)| CompactRow {
                    index,
                    value,
                    num_tokens,
                    legal,
                    num_legal,
                    to_move,
                },
            )
    }
}

/// Writes one state's tokens into a padded row; an overflow is an error, never a truncation.
pub fn write_tokens(
    tokens: &[(u32, f32)],
    index: &mut [i32],
    value: &mut [f32],
) -> Result<i32, Error> {
    let mut row = TokenRow::new(index, value);
    for &(i, v) in tokens {
        row.set(i as usize, v);
    }
    row.finish()
}

impl<G: Game> VectorEnv<G> {
    /// The compact observation of the seat to move in every env (see [`CompactBuffers`]):
    /// the same content as `observe`, as the list of the dense tensor's nonzero entries and
    /// the list of legal actions instead of the dense tensor and the mask.
    pub fn observe_compact(&mut self, out: CompactBuffers<'_>) -> Result<(), Error> {
        let (game, slots) = (&self.game, &mut self.slots);
        on_batch_threads(|| {
            slots
                .par_iter_mut()
                .zip(out.rows(game))
                .try_for_each(|(slot, row)| slot.observe_compact(game, row))
        })
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

    /// The states after `steps` batch steps of first legal actions, from seed 3.
    fn first_moves(steps: usize) -> Vec<String> {
        let game = KardinalGame::new(2, None).unwrap();
        let mut env = VectorEnv::new(game, 16, 3).unwrap();
        let n = env.game().num_distinct_actions();
        let size = env.game().observation_size();
        let (mut obs, mut mask, mut seat) =
            (vec![0.0; 16 * size], vec![false; 16 * n], vec![0; 16]);
        let (mut rewards, mut done) = (vec![0.0; 32], vec![false; 16]);
        for _ in 0..steps {
            env.observe(&mut obs, &mut mask, &mut seat);
            let actions: Vec<Action> = mask
                .chunks(n)
                .map(|m| m.iter().position(|&x| x).unwrap() as Action)
                .collect();
            env.step(&actions, &mut rewards, &mut done).unwrap();
        }
        (0..16).map(|i| env.state(i).to_json()).collect()
    }

    /// A batch stepped from a thread of another pool (a user's rayon job, which cannot join
    /// the batch threads) runs on that pool and ends where one stepped from any thread does.
    #[test]
    fn a_batch_stepped_inside_another_pool_plays_the_same() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let inside = pool.install(|| first_moves(30));
        let outside = std::thread::spawn(|| first_moves(30)).join().unwrap();
        assert_eq!(inside, outside);
        assert_eq!(first_moves(30), outside);
    }

    use crate::engine::Params;
    use crate::games::chandigarh::ChandigarhGame;
    use crate::games::city_connect::CityConnectGame;
    use crate::games::prestel_new_york::PrestelGame;
    use crate::games::rebuilding_chicago::RebuildingChicagoGame;

    /// Steps a batch with random legal actions from the compact lists and checks every
    /// observation: the tokens decode to the dense tensor, the list is `legal_actions`, the
    /// widths hold with room to spare, and a determinized state (hidden information redrawn)
    /// gives the seat to move the same tokens. Returns the largest counts seen.
    fn check_compact<G: Game>(game: G, batch: usize, steps: usize) -> (usize, usize, bool) {
        let size = game.observation_size();
        let (tw, lw) = (game.max_observation_tokens(), game.max_legal_actions());
        let players = game.num_players();
        let mut env = VectorEnv::new(game, batch, 3).unwrap();
        let (mut index, mut value) = (vec![0; batch * tw], vec![0.0; batch * tw]);
        let (mut nt, mut legal, mut nl, mut seat) = (
            vec![0; batch],
            vec![0; batch * lw],
            vec![0; batch],
            vec![0; batch],
        );
        let (mut obs, mut mask, mut dense_seat) = (
            vec![0.0; batch * size],
            vec![false; batch * env.game().num_distinct_actions()],
            vec![0; batch],
        );
        let (mut rewards, mut done) = (vec![0.0; batch * players], vec![false; batch]);
        let mut rng = SplitMix64::new(11);
        let (mut most_tokens, mut most_legal, mut hidden_differs) = (0, 0, false);
        let mut tokens = Vec::new();
        for _ in 0..steps {
            env.observe_compact(CompactBuffers {
                index: &mut index,
                value: &mut value,
                num_tokens: &mut nt,
                legal: &mut legal,
                num_legal: &mut nl,
                to_move: &mut seat,
            })
            .unwrap();
            env.observe(&mut obs, &mut mask, &mut dense_seat);
            assert_eq!(seat, dense_seat);
            let mut actions = Vec::with_capacity(batch);
            for i in 0..batch {
                let (n, l) = (nt[i] as usize, nl[i] as usize);
                most_tokens = most_tokens.max(n);
                most_legal = most_legal.max(l);
                let mut decoded = vec![0.0; size];
                for k in 0..tw {
                    if k < n {
                        assert_eq!(decoded[index[i * tw + k] as usize], 0.0, "index twice");
                        decoded[index[i * tw + k] as usize] = value[i * tw + k];
                    } else {
                        assert_eq!((index[i * tw + k], value[i * tw + k]), (-1, 0.0));
                    }
                }
                assert_eq!(decoded, obs[i * size..(i + 1) * size]);
                let mut expected = Vec::new();
                env.state(i).legal_actions_into(&mut expected);
                let listed: Vec<Action> = legal[i * lw..i * lw + l]
                    .iter()
                    .map(|&a| a as Action)
                    .collect();
                assert_eq!(listed, expected);
                assert!(legal[i * lw + l..(i + 1) * lw].iter().all(|&a| a == -1));
                let state = env.state(i);
                let other = state.determinize(seat[i] as usize, &mut rng);
                hidden_differs |= other.to_json() != state.to_json();
                env.game()
                    .observation_tokens_into(&other, seat[i] as usize, &mut tokens)
                    .unwrap();
                let own: Vec<(u32, f32)> = (0..n)
                    .map(|k| (index[i * tw + k] as u32, value[i * tw + k]))
                    .collect();
                assert_eq!(tokens, own, "hidden information leaks into the tokens");
                actions.push(listed[rng.below(l as u64) as usize]);
            }
            env.step(&actions, &mut rewards, &mut done).unwrap();
        }
        // Room to spare: the widths are bounds, not the largest value seen.
        assert!(most_tokens <= tw && most_legal <= lw);
        (most_tokens, most_legal, hidden_differs)
    }

    #[test]
    fn compact_observations_match_dense_ones_in_every_game() {
        for players in [2, 4, 5] {
            let mut p = Params::new();
            p.insert("players".into(), crate::engine::ParamValue::Int(players));
            let k = (players <= 4)
                .then(|| check_compact(KardinalGame::from_params(&p).unwrap(), 16, 300));
            let c = (players <= 4)
                .then(|| check_compact(ChandigarhGame::from_params(&p).unwrap(), 16, 300));
            let cc = (players <= 4)
                .then(|| check_compact(CityConnectGame::from_params(&p).unwrap(), 16, 300));
            let pn = (players <= 4)
                .then(|| check_compact(PrestelGame::from_params(&p).unwrap(), 16, 300));
            let rc = check_compact(RebuildingChicagoGame::from_params(&p).unwrap(), 16, 300);
            // The hidden-information games did redraw something the seat cannot see.
            assert!(
                rc.2 && cc.is_none_or(|x| x.2) && pn.is_none_or(|x| x.2),
                "{cc:?} {pn:?} {rc:?}"
            );
            eprintln!("{players} players, most tokens, legal: {k:?} {c:?} {cc:?} {pn:?} {rc:?}");
        }
    }
}
