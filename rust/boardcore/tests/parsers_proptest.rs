//! Property tests of the parsers every game exposes: notation (`string_to_action`) and saved
//! states (`state_from_json`). Whatever the text, a parser returns a value or an error (no
//! panic, no stack overflow), changes nothing, quotes at most 200 characters of its input, and
//! what it accepts round-trips. `PROPTEST_CASES=5000 cargo test --release --test
//! parsers_proptest` runs longer.

use boardcore::engine::{ParamValue, Params};
use boardcore::games::chandigarh::ChandigarhGame;
use boardcore::games::city_connect::CityConnectGame;
use boardcore::games::kardinal::KardinalGame;
use boardcore::games::prestel_new_york::PrestelGame;
use boardcore::games::rebuilding_chicago::RebuildingChicagoGame;
use boardcore::{Action, Game, GameState, SplitMix64};
use proptest::prelude::*;

/// An error message's length bound: 200 quoted characters, each escaped at worst as
/// `\u{10ffff}`, and the message's own words.
const LONGEST_MESSAGE: usize = 2500;

fn game<G: Game>(players: i64) -> G {
    let mut params = Params::new();
    params.insert("players".into(), ParamValue::Int(players));
    G::from_params(&params).expect("a packaged game loads")
}

/// The state after `steps` random moves of the game seeded `seed` (or its end).
fn position<G: Game>(game: &G, seed: u64, steps: usize) -> G::State {
    let mut state = game.new_initial_state();
    let mut rng = SplitMix64::new(seed);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    for _ in 0..steps {
        if state.is_terminal() {
            break;
        }
        state.step_random(&mut rng, &mut actions, &mut outcomes);
    }
    state
}

fn legal_now<S: GameState>(state: &S) -> Vec<Action> {
    let mut out = Vec::new();
    if state.current_player() == boardcore::CHANCE {
        let mut outcomes = Vec::new();
        state.chance_outcomes_into(&mut outcomes);
        out.extend(outcomes.iter().map(|&(a, _)| a));
    } else if !state.is_terminal() {
        state.legal_actions_into(&mut out);
    }
    out
}

/// Notation: every legal action's text parses back to it; an edited text parses to an action
/// whose text is exactly that text, or is an error; nothing changes either way.
fn check_notation<G: Game>(game: &G, seed: u64, steps: usize, pick: usize, edit: &Edit) {
    let state = position(game, seed, steps);
    let before = state.to_json();
    let legal = legal_now(&state);
    for &action in &legal {
        let text = state
            .action_to_string(action)
            .expect("a legal action has notation");
        assert_eq!(state.string_to_action(&text).ok(), Some(action), "{text:?}");
    }
    let base = match legal.get(pick % legal.len().max(1)) {
        Some(&a) => state.action_to_string(a).unwrap(),
        None => String::new(),
    };
    let text = edit.apply(&base);
    match state.string_to_action(&text) {
        Ok(action) => assert_eq!(state.action_to_string(action).ok().as_deref(), Some(&*text)),
        // the Python bindings refuse a text over 200 characters before it gets here; the
        // crate's own messages quote the text whole
        Err(error) => assert!(
            text.chars().count() > 200 || error.to_string().len() <= LONGEST_MESSAGE,
            "{error}"
        ),
    }
    assert_eq!(state.to_json(), before);
}

/// Saved states: the text of a real state round-trips; an edited text loads to a state that
/// saves to the same text again, or is an error with a short message.
fn check_saved<G: Game>(game: &G, seed: u64, steps: usize, edit: &Edit) {
    let state = position(game, seed, steps);
    let text = state.to_json();
    let loaded = game.state_from_json(&text).expect("a saved state loads");
    assert_eq!(loaded.to_json(), text);
    let bad = edit.apply(&text);
    match game.state_from_json(&bad) {
        Ok(other) => {
            let again = other.to_json();
            assert_eq!(game.state_from_json(&again).unwrap().to_json(), again);
        }
        Err(error) => assert!(error.to_string().len() <= LONGEST_MESSAGE, "{error}"),
    }
}

/// An edit of a text: where (a fraction of its length), what.
#[derive(Debug, Clone)]
enum Edit {
    Insert(f64, String),
    Delete(f64, usize),
    Replace(f64, String),
    Truncate(f64),
    /// The first integer at or after the position written another way.
    Number(f64, &'static str),
    Nest(usize),
    Whole(String),
}

impl Edit {
    fn at(text: &str, fraction: f64) -> usize {
        let mut at = ((text.len() as f64) * fraction) as usize;
        while at < text.len() && !text.is_char_boundary(at) {
            at += 1;
        }
        at.min(text.len())
    }

    fn apply(&self, text: &str) -> String {
        match self {
            Edit::Insert(f, piece) => {
                let at = Self::at(text, *f);
                format!("{}{piece}{}", &text[..at], &text[at..])
            }
            Edit::Delete(f, n) => {
                let at = Self::at(text, *f);
                let end = Self::at(text, ((at + n) as f64 / text.len().max(1) as f64).min(1.0));
                format!("{}{}", &text[..at], &text[end.max(at)..])
            }
            Edit::Replace(f, piece) => {
                let at = Self::at(text, *f);
                let next = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
                format!("{}{piece}{}", &text[..at], &text[next..])
            }
            Edit::Truncate(f) => text[..Self::at(text, *f)].to_string(),
            Edit::Number(f, way) => {
                let at = Self::at(text, *f);
                match text[at..].find(|c: char| c.is_ascii_digit()) {
                    Some(i) => {
                        let start = at + i;
                        let len = text[start..]
                            .find(|c: char| !c.is_ascii_digit())
                            .unwrap_or(text.len() - start);
                        let number = &text[start..start + len];
                        let new = way.replace('N', number);
                        format!("{}{new}{}", &text[..start], &text[start + len..])
                    }
                    None => text.to_string(),
                }
            }
            Edit::Nest(depth) => format!("{}{text}", "[".repeat(*depth)),
            Edit::Whole(other) => other.clone(),
        }
    }
}

fn edits() -> impl Strategy<Value = Edit> {
    let fraction = 0.0..1.0f64;
    let piece = prop_oneof![
        "[ {}\\[\\],:\"0-9a-z.\\-]{1,3}",
        any::<char>().prop_map(String::from),
        Just("\u{1c}".to_string()),
        Just("\t".to_string()),
        Just("9".repeat(300)),
    ];
    prop_oneof![
        (fraction.clone(), piece.clone()).prop_map(|(f, p)| Edit::Insert(f, p)),
        (fraction.clone(), 1..8usize).prop_map(|(f, n)| Edit::Delete(f, n)),
        (fraction.clone(), piece).prop_map(|(f, p)| Edit::Replace(f, p)),
        fraction.clone().prop_map(Edit::Truncate),
        (
            fraction,
            prop::sample::select(vec![
                "N.0",
                "Ne0",
                "-N",
                "-0",
                "true",
                "null",
                "\"N\"",
                "N99999999999999999999",
                "1N",
            ])
        )
            .prop_map(|(f, w)| Edit::Number(f, w)),
        (1000..20000usize).prop_map(Edit::Nest),
        any::<String>().prop_map(Edit::Whole),
        "\\PC{0,300}".prop_map(Edit::Whole),
    ]
}

macro_rules! game_props {
    ($module:ident, $game:ty, $players:expr) => {
        mod $module {
            use super::*;

            proptest! {
                #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

                #[test]
                fn notation_is_exact_and_never_panics(
                    players in prop::sample::select($players.to_vec()),
                    seed in any::<u64>(),
                    steps in 0..400usize,
                    pick in any::<usize>(),
                    edit in edits(),
                ) {
                    check_notation(&game::<$game>(players), seed, steps, pick, &edit);
                }

                #[test]
                fn saved_states_round_trip_and_bad_ones_are_errors(
                    players in prop::sample::select($players.to_vec()),
                    seed in any::<u64>(),
                    steps in 0..400usize,
                    edit in edits(),
                ) {
                    check_saved(&game::<$game>(players), seed, steps, &edit);
                }
            }
        }
    };
}

game_props!(kardinal, KardinalGame, [2i64, 3, 4]);
game_props!(chandigarh, ChandigarhGame, [2i64, 3, 4]);
game_props!(city_connect, CityConnectGame, [1i64, 2, 3, 4]);
game_props!(prestel_new_york, PrestelGame, [2i64, 3, 4, 5]);
game_props!(
    rebuilding_chicago,
    RebuildingChicagoGame,
    [1i64, 2, 3, 4, 5]
);

/// `buy` with a multi-byte last character split the text inside that character (a panic,
/// which reached Python as a PanicException).
#[test]
fn regression_chicago_buy_with_a_wide_last_character_is_refused() {
    let game = game::<RebuildingChicagoGame>(2);
    let state = game.new_initial_state();
    for text in ["buy 5\u{1f600}", "buy \u{e9}", "buy 3\u{e9}a"] {
        assert!(state.string_to_action(text).is_err(), "{text:?}");
    }
    assert!(state.string_to_action("buy 3a").is_ok());
}
