//! The golden perft counts of `tests/golden/kardinal.perft`, shared with the Python tests.

use boardcore::games::kardinal::KardinalGame;
use boardcore::{Action, Game, GameState};

const GOLDEN: &str = include_str!("../../../tests/golden/kardinal.perft");

fn perft<S: GameState>(state: &S, depth: u32, buf: &mut Vec<Vec<Action>>) -> u64 {
    if depth == 0 || state.is_terminal() {
        return 1;
    }
    let mut actions = buf.pop().unwrap_or_default();
    state.legal_actions_into(&mut actions);
    let total = if depth == 1 {
        actions.len() as u64
    } else {
        actions
            .iter()
            .map(|&a| {
                let mut child = state.clone();
                child.apply_legal(a);
                perft(&child, depth - 1, buf)
            })
            .sum()
    };
    buf.push(actions);
    total
}

#[test]
fn golden_perft_counts() {
    let mut checked = 0;
    for line in GOLDEN
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        let players: i64 = parts[0].parse().unwrap();
        let game = KardinalGame::new(players, None).unwrap();
        let probe = game.new_initial_state();
        let moves: Vec<Action> = parts[1]
            .split(';')
            .filter(|m| !m.is_empty())
            .map(|m| probe.string_to_action(m).unwrap())
            .collect();
        let state = game.replay(&moves).unwrap();
        let depth: u32 = parts[2].parse().unwrap();
        let nodes: u64 = parts[3].parse().unwrap();
        assert_eq!(perft(&state, depth, &mut Vec::new()), nodes, "{line}");
        checked += 1;
    }
    assert!(checked >= 30);
}
