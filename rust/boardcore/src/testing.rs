//! Checks every game's unit tests run the same way: a seeded random walk, and the
//! invariants any `GameState` must keep along it.

use crate::engine::{Action, Game, GameState, CHANCE};
use crate::rng::SplitMix64;

/// Plays a random game seeded `seed` (chance as DESIGN.md draws it), calling `visit` on every
/// state, the final one included. A decision node without a legal action fails the test.
pub fn random_walk<G: Game>(game: &G, seed: u64, mut visit: impl FnMut(&G::State)) {
    let mut state = game.new_initial_state();
    let mut rng = SplitMix64::new(seed);
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    while !state.is_terminal() {
        visit(&state);
        if state.current_player() == CHANCE {
            let a = crate::sim::chance_outcome(&state, &mut rng, &mut outcomes);
            state.apply_action(a).unwrap();
        } else {
            state.legal_actions_into(&mut legal);
            assert!(!legal.is_empty(), "no legal action in\n{state}");
            let a = legal[rng.below(legal.len() as u64) as usize];
            state.apply_action(a).unwrap();
        }
    }
    visit(&state);
}

/// [`random_walk`] calling `visit` on every `every`-th state only (the `every`-th first): for
/// the checks that try every action id or every observer, too slow for every state.
pub fn random_walk_every<G: Game>(
    game: &G,
    seed: u64,
    every: usize,
    mut visit: impl FnMut(&G::State),
) {
    let mut step = 0;
    random_walk(game, seed, |state| {
        step += 1;
        if step % every == 0 {
            visit(state);
        }
    });
}

/// What playouts run, `step_random`, against the draw DESIGN.md defines, made the slow way:
/// chance outcomes and legal actions listed, `choose_weighted` or `below(n)` taking one, and
/// `apply_action` checking it. The two must be the same game for seed `seed`, move for move.
pub fn assert_step_random_is_the_listed_draw<G: Game>(game: &G, seed: u64) {
    let mut fast = game.new_initial_state();
    let mut rng = SplitMix64::new(seed);
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    while !fast.is_terminal() {
        fast.step_random(&mut rng, &mut legal, &mut outcomes);
    }
    let mut slow = game.new_initial_state();
    let mut rng = SplitMix64::new(seed);
    while !slow.is_terminal() {
        let a = if slow.current_player() == CHANCE {
            slow.chance_outcomes_into(&mut outcomes);
            outcomes[rng.choose_weighted(outcomes.iter().map(|&(_, w)| w))].0
        } else {
            slow.legal_actions_into(&mut legal);
            legal[rng.below(legal.len() as u64) as usize]
        };
        slow.apply_action(a).unwrap();
        let n = slow.history().len();
        assert_eq!(slow.history(), &fast.history()[..n], "seed {seed}");
    }
    assert_eq!(slow.to_json(), fast.to_json(), "seed {seed}");
}

/// The move generator against `apply_action`'s own check, for every action id: exactly the
/// listed actions (or chance outcomes) apply, and a refused one changes nothing.
pub fn assert_legal_is_what_applies<S: GameState>(state: &S, num_actions: usize) {
    let mut legal: Vec<Action> = Vec::new();
    if state.current_player() == CHANCE {
        let mut outcomes = Vec::new();
        state.chance_outcomes_into(&mut outcomes);
        legal.extend(outcomes.iter().map(|&(a, _)| a));
    } else {
        state.legal_actions_into(&mut legal);
    }
    for a in 0..num_actions as Action {
        let mut child = state.clone();
        let ok = child.apply_action(a).is_ok();
        assert_eq!(ok, legal.contains(&a), "action {a} in\n{state}");
        if !ok {
            assert_eq!(child.to_json(), state.to_json());
        }
    }
}

/// A determinisation is a state each observer cannot tell apart from the true one, with the
/// same legal actions when that observer is to move.
pub fn assert_determinize_keeps_observations<S: GameState>(state: &S, rng: &mut SplitMix64) {
    for observer in 0..state.num_players() {
        let twin = state.determinize(observer, rng);
        assert_eq!(
            twin.observation_string(observer).unwrap(),
            state.observation_string(observer).unwrap()
        );
        if state.current_player() == observer as i32 {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            state.legal_actions_into(&mut a);
            twin.legal_actions_into(&mut b);
            assert_eq!(a, b);
        }
    }
}
