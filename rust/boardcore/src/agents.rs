//! Agents that pick a seat's action: random, greedy and Monte Carlo tree search.
//!
//! Agents are named by a spec string: `random`, `greedy`, `mcts` or `mcts:<iterations>`
//! (optionally `mcts:<iterations>:<rollout limit>`). Every agent draws its randomness from the
//! generator it is given, so a seeded game with agents is reproducible.

use crate::engine::{Action, Error, GameState, CHANCE};
use crate::rng::SplitMix64;

/// An agent, parsed from its spec.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agent {
    /// `legal[below(n)]`, the random agent of DESIGN.md.
    Random,
    /// The action after which the seat's score is highest (ties at random).
    Greedy,
    /// Information-set MCTS by determinisation (plain UCT where nothing is hidden).
    Mcts { iterations: u32, rollout: u32 },
}

pub const DEFAULT_ITERATIONS: u32 = 1000;
/// Random playouts stop after this many actions and score the position by its current
/// scores: games like Prestel New York run for thousands of random actions.
pub const DEFAULT_ROLLOUT: u32 = 400;
/// A search asks whether to go on this often (in iterations): a few milliseconds apart even
/// in the slowest game, so Ctrl-C stops a long search promptly.
pub const MCTS_CHECK_EVERY: u32 = 64;

/// The largest iteration count or rollout limit an MCTS spec may ask for.
pub const MAX_BUDGET: u32 = 10_000_000;

impl Agent {
    pub fn parse(spec: &str) -> Result<Self, Error> {
        // messages quote at most 200 characters of the spec, as every message does
        let shown: String = spec.chars().take(200).collect();
        let shown = if shown.len() < spec.len() {
            format!("{shown:?}...")
        } else {
            format!("{shown:?}")
        };
        let bad = || {
            Error::Parameter(format!(
                "unknown agent {shown}: agents are random, greedy, mcts, mcts:<iterations> \
                 or mcts:<iterations>:<rollout limit>"
            ))
        };
        // plain decimal digits only (no sign, no space), within the bound the message names
        let number = |what: &str, text: &str| {
            let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
            text.parse::<u64>()
                .ok()
                .filter(|&n| digits && (1..=u64::from(MAX_BUDGET)).contains(&n))
                .map(|n| n as u32)
                .ok_or_else(|| {
                    Error::Parameter(format!(
                        "agent {shown}: {what} must be a whole number from 1 to {MAX_BUDGET}"
                    ))
                })
        };
        let parts: Vec<&str> = spec.split(':').collect();
        match parts.as_slice() {
            ["random"] => Ok(Self::Random),
            ["greedy"] => Ok(Self::Greedy),
            ["mcts"] => Ok(Self::Mcts {
                iterations: DEFAULT_ITERATIONS,
                rollout: DEFAULT_ROLLOUT,
            }),
            ["mcts", n] => Ok(Self::Mcts {
                iterations: number("the iterations", n)?,
                rollout: DEFAULT_ROLLOUT,
            }),
            ["mcts", n, r] => Ok(Self::Mcts {
                iterations: number("the iterations", n)?,
                rollout: number("the rollout limit", r)?,
            }),
            _ => Err(bad()),
        }
    }

    /// The action of the seat to move in `state` (a decision node, not chance or terminal).
    pub fn act<S: GameState>(
        &self,
        state: &S,
        rng: &mut SplitMix64,
        buf: &mut Vec<Action>,
    ) -> Action {
        self.act_watched(state, rng, buf, &mut || true)
    }

    /// [`Agent::act`], asking `keep_going` every so often during a long search; once it says
    /// no, the search stops early and returns its best action so far (the caller abandons the
    /// game: a search cut short would not be the agent's real choice).
    pub fn act_watched<S: GameState>(
        &self,
        state: &S,
        rng: &mut SplitMix64,
        buf: &mut Vec<Action>,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Action {
        match *self {
            Self::Random => state.choose_legal(buf, |n| rng.below(n as u64) as usize),
            Self::Greedy => greedy(state, rng, buf),
            Self::Mcts {
                iterations,
                rollout,
            } => {
                // One draw from the game's generator seeds the search, so the game's own
                // sequence does not depend on the budget.
                let mut search_rng = SplitMix64::new(rng.next());
                mcts(state, iterations, rollout, &mut search_rng, keep_going)
            }
        }
    }
}

fn greedy<S: GameState>(state: &S, rng: &mut SplitMix64, buf: &mut Vec<Action>) -> Action {
    let seat = state.current_player() as usize;
    state.legal_actions_into(buf);
    let mut scores = vec![0i32; state.num_players()];
    let mut best = i32::MIN;
    let mut best_actions: Vec<Action> = Vec::new();
    for &a in buf.iter() {
        let mut child = state.clone();
        child.apply_legal(a);
        child.scores_into(&mut scores);
        let value = scores[seat];
        if value > best {
            best = value;
            best_actions.clear();
        }
        if value == best {
            best_actions.push(a);
        }
    }
    best_actions[rng.below(best_actions.len() as u64) as usize]
}

/// Each seat's expected share of the win: at the end, the game's `returns()` (1 split among
/// the winners); when a playout is cut off, shares proportional to `score + 1`, so that a
/// lead counts before it decides the game.
fn value_now<S: GameState>(state: &S, players: usize, out: &mut [f64]) {
    if state.is_terminal() {
        let mask = state.winners_mask();
        let k = mask.count_ones().max(1) as f64;
        for (seat, o) in out.iter_mut().enumerate().take(players) {
            *o = if mask >> seat & 1 == 1 { 1.0 / k } else { 0.0 };
        }
        return;
    }
    let mut scores = [0i32; 8];
    state.scores_into(&mut scores[..players]);
    let low = scores[..players].iter().copied().min().unwrap_or(0);
    let total: f64 = scores[..players]
        .iter()
        .map(|&s| f64::from(s - low + 1))
        .sum();
    for seat in 0..players {
        out[seat] = f64::from(scores[seat] - low + 1) / total;
    }
}

struct Node {
    /// The seat that chose the action leading here.
    mover: usize,
    action: Action,
    children: Vec<usize>,
    visits: u32,
    /// Times this node's action was available when its parent was visited (ISMCTS).
    available: u32,
    total: f64,
}

/// Single-observer information-set MCTS: each iteration samples a determinisation of what
/// the seat to move cannot see, then descends a tree of its decisions by UCB (with
/// availability counts, as actions differ between determinisations); chance outcomes are
/// sampled, not stored, so the tree is open-loop. Where nothing is hidden it is plain UCT.
/// `keep_going` is asked every [`MCTS_CHECK_EVERY`] iterations; no stops the search.
pub fn mcts<S: GameState>(
    root: &S,
    iterations: u32,
    rollout: u32,
    rng: &mut SplitMix64,
    keep_going: &mut dyn FnMut() -> bool,
) -> Action {
    let players = root.num_players();
    let observer = root.current_player() as usize;
    let mut nodes = vec![Node {
        mover: observer,
        action: 0,
        children: Vec::new(),
        visits: 0,
        available: 0,
        total: 0.0,
    }];
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    let mut path = Vec::new();
    let mut values = [0.0f64; 8];
    const C: f64 = 0.7;
    // One seat has no share to win: a solo playout is worth its score, and means are
    // rescaled to [0, 1] by the lowest and highest playout scores seen so far (as MuZero
    // does), so UCB's constant keeps its meaning whatever a game's scale.
    let solo = players == 1;
    let (mut low, mut high) = (f64::MAX, f64::MIN);
    for iteration in 0..iterations {
        if iteration % MCTS_CHECK_EVERY == MCTS_CHECK_EVERY - 1 && !keep_going() {
            break;
        }
        let mut state = root.determinize(observer, rng);
        let mut node = 0usize;
        path.clear();
        path.push(0);
        // Selection and expansion.
        loop {
            if state.is_terminal() {
                break;
            }
            if state.current_player() == CHANCE {
                state.apply_legal(state.choose_chance(&mut outcomes, rng));
                continue;
            }
            let mover = state.current_player() as usize;
            state.legal_actions_into(&mut legal);
            let untried: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| !nodes[node].children.iter().any(|&c| nodes[c].action == *a))
                .collect();
            for i in 0..nodes[node].children.len() {
                let c = nodes[node].children[i];
                if legal.contains(&nodes[c].action) {
                    nodes[c].available += 1;
                }
            }
            if !untried.is_empty() {
                let a = untried[rng.below(untried.len() as u64) as usize];
                state.apply_legal(a);
                nodes.push(Node {
                    mover,
                    action: a,
                    children: Vec::new(),
                    visits: 0,
                    available: 1,
                    total: 0.0,
                });
                let child = nodes.len() - 1;
                nodes[node].children.push(child);
                path.push(child);
                break;
            }
            let mut best = f64::MIN;
            let mut pick = 0usize;
            for &c in &nodes[node].children {
                let n = &nodes[c];
                if !legal.contains(&n.action) {
                    continue;
                }
                let mut mean = n.total / f64::from(n.visits.max(1));
                if solo {
                    mean = if high > low {
                        (mean - low) / (high - low)
                    } else {
                        0.5
                    };
                }
                let score = mean
                    + C * (f64::from(n.available.max(1)).ln() / f64::from(n.visits.max(1))).sqrt();
                if score > best {
                    best = score;
                    pick = c;
                }
            }
            state.apply_legal(nodes[pick].action);
            node = pick;
            path.push(pick);
        }
        // Playout, cut off after `rollout` actions.
        let mut steps = 0;
        while !state.is_terminal() && steps < rollout {
            let a = if state.current_player() == CHANCE {
                state.choose_chance(&mut outcomes, rng)
            } else {
                state.choose_legal(&mut legal, |n| rng.below(n as u64) as usize)
            };
            state.apply_legal(a);
            steps += 1;
        }
        if solo {
            let mut score = [0i32; 1];
            state.scores_into(&mut score);
            values[0] = f64::from(score[0]);
            low = low.min(values[0]);
            high = high.max(values[0]);
        } else {
            value_now(&state, players, &mut values);
        }
        for &n in &path {
            let node = &mut nodes[n];
            node.visits += 1;
            node.total += values[node.mover];
        }
    }
    let root_children = &nodes[0].children;
    let best = root_children
        .iter()
        .max_by_key(|&&c| nodes[c].visits)
        .copied();
    match best {
        Some(c) => nodes[c].action,
        None => {
            root.legal_actions_into(&mut legal);
            legal[0]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_bad_ones_say_what_is_allowed() {
        assert_eq!(Agent::parse("random").unwrap(), Agent::Random);
        assert_eq!(Agent::parse("greedy").unwrap(), Agent::Greedy);
        assert_eq!(
            Agent::parse("mcts:50").unwrap(),
            Agent::Mcts {
                iterations: 50,
                rollout: DEFAULT_ROLLOUT
            }
        );
        assert_eq!(
            Agent::parse("mcts:50:10").unwrap(),
            Agent::Mcts {
                iterations: 50,
                rollout: 10
            }
        );
        for bad in ["", "alpha", "mcts:1:2:3"] {
            let err = Agent::parse(bad).unwrap_err().to_string();
            assert!(err.contains("agents are random, greedy, mcts"), "{err}");
        }
        for bad in [
            "mcts:",
            "mcts:0",
            "mcts:x",
            "mcts:+5",
            "mcts: 5",
            "mcts:10000001",
            "mcts:5:-1",
        ] {
            let err = Agent::parse(bad).unwrap_err().to_string();
            assert!(err.contains("from 1 to 10000000"), "{err}");
        }
    }

    #[test]
    fn a_long_spec_is_quoted_in_part() {
        let err = Agent::parse(&"x".repeat(100_000)).unwrap_err().to_string();
        assert!(err.len() < 400, "{} characters", err.len());
    }
}
