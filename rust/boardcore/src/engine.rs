//! The interface every game implements, and the errors it reports.

use std::collections::BTreeMap;
use std::fmt;

/// An action: an index in `0..num_distinct_actions`, documented per game.
pub type Action = u32;

/// `current_player()` at a chance node.
pub const CHANCE: i32 = -1;
/// `current_player()` once the game is over.
pub const TERMINAL: i32 = -4;

/// Bad input, one variant per Python exception (the bindings map them in one place).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error("{0}")]
    IllegalAction(String),
    #[error("{0}")]
    Notation(String),
    #[error("{0}")]
    StateFormat(String),
    #[error("{0}")]
    Data(String),
    #[error("{0}")]
    Parameter(String),
}

/// A game parameter's value, as Python passes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParamValue {
    Int(i64),
    Str(String),
    /// An integer past 64 bits (its digits, shortened), which no game's range reaches.
    Big(String),
    /// A value of no parameter's type (a bool, a float, a list...), kept so that the
    /// parameter refuses it in its own words; as a message describes it (`the bool True`).
    Other(String),
    /// Python's `None`: the parameter's default. Kept, not dropped, so that a misspelt name
    /// is refused whatever its value.
    Default,
}

/// As a message quotes it: a number as is, a text in quotes (shortened), never Rust's
/// debug form.
impl fmt::Display for ParamValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamValue::Int(v) => write!(f, "the integer {v}"),
            ParamValue::Str(s) => {
                let short: String = s.chars().take(40).collect();
                let more = if short.len() < s.len() { "..." } else { "" };
                write!(f, "the string '{short}{more}'")
            }
            ParamValue::Big(digits) => write!(f, "the integer {digits}"),
            ParamValue::Other(description) => f.write_str(description),
            ParamValue::Default => f.write_str("None"),
        }
    }
}

/// Game parameters by name (`players`, `data`, variants...).
pub type Params = BTreeMap<String, ParamValue>;

/// Checks that `params` names only `known` parameters.
pub fn check_param_names(game: &str, params: &Params, known: &[&str]) -> Result<(), Error> {
    match params.keys().find(|k| !known.contains(&k.as_str())) {
        Some(k) => Err(Error::Parameter(format!(
            "{game} has no parameter {k:?}; its parameters are: {}",
            known.join(", ")
        ))),
        None => Ok(()),
    }
}

/// An integer parameter, or `default` when absent.
pub fn int_param(params: &Params, name: &str, default: i64) -> Result<i64, Error> {
    match params.get(name) {
        None | Some(ParamValue::Default) => Ok(default),
        Some(ParamValue::Int(v)) => Ok(*v),
        Some(ParamValue::Big(digits)) => Err(Error::Parameter(format!(
            "{name} must be a small integer, not {digits} (out of range)"
        ))),
        Some(other) => Err(Error::Parameter(format!(
            "{name} must be an integer, not {other}"
        ))),
    }
}

/// A text parameter, if given; any other value is refused with `form`, what to write.
pub fn str_param<'a>(params: &'a Params, name: &str, form: &str) -> Result<Option<&'a str>, Error> {
    match params.get(name) {
        None | Some(ParamValue::Default) => Ok(None),
        Some(ParamValue::Str(v)) => Ok(Some(v)),
        Some(other) => Err(Error::Parameter(format!(
            "{name} must be a string, {form}, not {other}"
        ))),
    }
}

/// What to write for `data` (every game's component file).
pub const DATA_FORM: &str = "a path to a component file";

/// The `data` parameter, if given: a path, never empty (which no file has).
pub fn data_param(params: &Params) -> Result<Option<&str>, Error> {
    match str_param(params, "data", DATA_FORM)? {
        Some("") => Err(Error::Parameter(format!(
            "data must be {DATA_FORM}, not the string ''"
        ))),
        data => Ok(data),
    }
}

/// `count` and `word`, plural unless one (`1 level`, `2 levels`).
pub fn counted(count: usize, word: &str) -> String {
    format!("{count} {word}{}", if count == 1 { "" } else { "s" })
}

/// A parameter giving each seat a `word` (a level, a side...): `text` lists one per seat
/// separated by commas, or (if `for_every_seat`) one for all. Each is read by `read`, which
/// says what is wrong with a bad one; every word is read before the count is checked, as an
/// unknown word is the likelier mistake. Refused as `{name} must be {form}: {why}`.
pub fn per_seat<T: Copy>(
    (name, form, word): (&str, &str, &str),
    text: &str,
    players: usize,
    for_every_seat: bool,
    read: impl Fn(&str) -> Result<T, String>,
) -> Result<Vec<T>, Error> {
    let bad = |why: String| Error::Parameter(format!("{name} must be {form}: {why}"));
    let values = text
        .split(',')
        .map(|item| read(item).map_err(bad))
        .collect::<Result<Vec<T>, Error>>()?;
    match values.len() {
        1 if for_every_seat => Ok(vec![values[0]; players]),
        n if n == players => Ok(values),
        n => Err(bad(format!(
            "{text:?} lists {} for {}",
            counted(n, word),
            counted(players, "player")
        ))),
    }
}

/// The parameters in force: `players`, the game's own `extra` ones, and `data` when a data
/// file was given (every game has `players` and `data`).
pub fn game_params<const N: usize>(
    players: u8,
    data: Option<&str>,
    extra: [(&str, ParamValue); N],
) -> Params {
    let mut params: Params = extra.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
    params.insert("players".into(), ParamValue::Int(i64::from(players)));
    if let Some(data) = data {
        params.insert("data".into(), ParamValue::Str(data.to_owned()));
    }
    params
}

/// Checks that `player` is one of the `players` seats (observations are per seat).
pub fn check_seat(player: usize, players: usize) -> Result<(), Error> {
    if player < players {
        Ok(())
    } else {
        Err(Error::Parameter(format!(
            "player must be a seat from 0 to {}, not {player}",
            players - 1
        )))
    }
}

/// Where an observation writer puts its values: the dense tensor (zeroed first), or the
/// list of its nonzero entries. One writer per game then serves both observations.
pub trait ObservationSink {
    /// Entry `index` of the dense tensor is `value` (each index is set at most once).
    fn set(&mut self, index: usize, value: f32);
    /// Entry `index_of(x)` is 1 for every set bit `x` of `word`, ascending (one word of a
    /// bitboard plane; `index_of` ascending too).
    #[inline]
    fn set_bits(&mut self, word: u64, index_of: impl Fn(usize) -> usize) {
        crate::bits::bits(word).for_each(|x| self.set(index_of(x), 1.0));
    }
    /// Entry `base + x` is 1 for every set bit `x` of `plane` (a bitboard plane), ascending.
    #[inline]
    fn set_plane(&mut self, base: usize, plane: u128) {
        self.set_bits(plane as u64, |x| base + x);
        self.set_bits((plane >> 64) as u64, |x| base + 64 + x);
    }
}

impl ObservationSink for [f32] {
    #[inline]
    fn set(&mut self, index: usize, value: f32) {
        self[index] = value;
    }
}

impl ObservationSink for Vec<(u32, f32)> {
    #[inline]
    fn set(&mut self, index: usize, value: f32) {
        if value != 0.0 {
            self.push((index as u32, value));
        }
    }
}

/// One row of a batch's compact observation (docs/vector.md), written in place: the tokens
/// go straight into the caller's `index` and `value` slices, and [`TokenRow::finish`] pads
/// the rest. Tokens past the row's width are counted, not written, so that `finish` can
/// name the overflow.
pub struct TokenRow<'a> {
    index: &'a mut [i32],
    value: &'a mut [f32],
    len: usize,
}

impl<'a> TokenRow<'a> {
    /// An empty row over two slices of the same length (the width).
    pub fn new(index: &'a mut [i32], value: &'a mut [f32]) -> Self {
        debug_assert_eq!(index.len(), value.len());
        Self {
            index,
            value,
            len: 0,
        }
    }

    /// Runs the writer `f` on a copy of this row local to the caller, so that the count of
    /// tokens can live in a register (a store through the row's slices could otherwise be a
    /// store to the count, for all the compiler knows, so each token reloaded it).
    #[inline(always)]
    pub fn write(&mut self, f: impl FnOnce(&mut TokenRow<'_>)) {
        let mut local = TokenRow {
            index: &mut *self.index,
            value: &mut *self.value,
            len: self.len,
        };
        f(&mut local);
        self.len = local.len;
    }

    /// Pads the row (index -1, value 0) and returns its token count; more tokens than the
    /// width is an error, never a truncation.
    pub fn finish(self) -> Result<i32, Error> {
        let cap = self.index.len();
        if self.len > cap {
            return Err(Error::Parameter(format!(
                "the observation has {} nonzero entries, more than the compact width {cap}",
                self.len
            )));
        }
        self.index[self.len..].fill(-1);
        self.value[self.len..].fill(0.0);
        Ok(self.len as i32)
    }
}

impl ObservationSink for TokenRow<'_> {
    /// Without a branch on the value: the entry is written at the next place and kept only
    /// when nonzero (a zero is overwritten by the next token or by `finish`'s padding), since
    /// whether a count or a flag is zero is a coin toss to the branch predictor.
    #[inline]
    fn set(&mut self, index: usize, value: f32) {
        if let (Some(i), Some(v)) = (self.index.get_mut(self.len), self.value.get_mut(self.len)) {
            *i = index as i32;
            *v = value;
        }
        self.len += usize::from(value != 0.0);
    }
    /// In groups of 8 tokens written whole, so that the loop runs `ceil(ones / 8)` times and
    /// its exit is not a branch per token (tokens past the word's last are overwritten by the
    /// next ones or by `finish`'s padding).
    #[inline]
    fn set_bits(&mut self, mut word: u64, index_of: impl Fn(usize) -> usize) {
        let mut at = self.len;
        self.len += word.count_ones() as usize;
        while word != 0 {
            let (Some(ii), Some(vv)) = (
                self.index.get_mut(at..at + 8),
                self.value.get_mut(at..at + 8),
            ) else {
                // The row's last few places: one token at a time, none past the width.
                for x in crate::bits::bits(word) {
                    if let (Some(i), Some(v)) = (self.index.get_mut(at), self.value.get_mut(at)) {
                        *i = index_of(x) as i32;
                        *v = 1.0;
                    }
                    at += 1;
                }
                return;
            };
            for (i, v) in ii.iter_mut().zip(vv) {
                *i = index_of((word.trailing_zeros() & 63) as usize) as i32;
                *v = 1.0;
                word &= word.wrapping_sub(1);
            }
            at += 8;
        }
    }
}

/// The compact observation of `player` through a game's observation writer: the nonzero
/// entries of its dense tensor, in `out` (cleared first). Every game's `observation_tokens`.
pub fn observation_tokens_with(
    players: usize,
    player: usize,
    out: &mut Vec<(u32, f32)>,
    write: impl FnOnce(&mut Vec<(u32, f32)>),
) -> Result<(), Error> {
    check_seat(player, players)?;
    out.clear();
    write(out);
    Ok(())
}

/// The dense observation of `player`, `size` values, through a game's observation writer:
/// the seat and the buffer's length checked, `out` zeroed, then written.
pub fn observation_tensor_with(
    players: usize,
    player: usize,
    out: &mut [f32],
    size: usize,
    write: impl FnOnce(&mut [f32]),
) -> Result<(), Error> {
    check_seat(player, players)?;
    if out.len() != size {
        return Err(Error::Parameter(format!(
            "the observation buffer must hold {size} values, not {}",
            out.len()
        )));
    }
    out.fill(0.0);
    write(out);
    Ok(())
}

/// A game with its parameters fixed.
pub trait Game: Clone + Sync + Send + Sized {
    type State: GameState;

    /// Builds the game from named parameters; unknown or bad ones are a `Parameter` error.
    fn from_params(params: &Params) -> Result<Self, Error>;
    /// The parameters in force, defaults included.
    fn params(&self) -> Params;

    fn name(&self) -> &'static str;
    fn version(&self) -> u32;
    fn num_players(&self) -> usize;
    fn num_distinct_actions(&self) -> usize;
    /// Length of `observation_tensor`.
    fn observation_size(&self) -> usize;
    fn new_initial_state(&self) -> Self::State;
    /// Parses and validates a state written by `GameState::to_json` (either engine's).
    fn state_from_json(&self, text: &str) -> Result<Self::State, Error>;

    /// At most this many actions are ever legal at once (the width of the compact
    /// observation's legal-action list). The default, every action, is always safe; games
    /// lower it to a bound documented where they override it.
    fn max_legal_actions(&self) -> usize {
        self.num_distinct_actions()
    }
    /// At most this many entries of `observation_tensor` are ever nonzero (the width of the
    /// compact observation's token list). The default, the whole tensor, is always safe.
    fn max_observation_tokens(&self) -> usize {
        self.observation_size()
    }
    /// The nonzero entries of `state.observation_tensor(player)` as `(index, value)` tokens,
    /// each index once, in the order the game writes them: the compact observation. The
    /// default writes the dense tensor into a per-thread buffer and scans it, which costs
    /// several times the dense observation; every game here writes its tokens directly
    /// instead, through the same writer as its dense tensor (see [`ObservationSink`]).
    fn observation_tokens_into(
        &self,
        state: &Self::State,
        player: usize,
        out: &mut Vec<(u32, f32)>,
    ) -> Result<(), Error> {
        thread_local! {
            static DENSE: std::cell::RefCell<Vec<f32>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        out.clear();
        DENSE.with_borrow_mut(|dense| {
            dense.resize(self.observation_size(), 0.0);
            state.observation_tensor_into(player, dense)?;
            out.extend(
                dense
                    .iter()
                    .enumerate()
                    .filter(|&(_, &v)| v != 0.0)
                    .map(|(i, &v)| (i as u32, v)),
            );
            Ok(())
        })
    }

    /// `observation_tokens_into` written into one row of a batch's compact observation (the
    /// row not yet finished). The default lists the tokens in `scratch` and copies them; a
    /// game overrides it to run its observation writer on the row itself.
    fn observation_tokens_row(
        &self,
        state: &Self::State,
        player: usize,
        row: &mut TokenRow<'_>,
        scratch: &mut Vec<(u32, f32)>,
    ) -> Result<(), Error> {
        self.observation_tokens_into(state, player, scratch)?;
        for &(i, v) in scratch.iter() {
            row.set(i as usize, v);
        }
        Ok(())
    }

    /// Applies `actions` in order from the initial state.
    fn replay(&self, actions: &[Action]) -> Result<Self::State, Error> {
        let mut state = self.new_initial_state();
        for (i, &a) in actions.iter().enumerate() {
            state
                .apply_action(a)
                .map_err(|e| Error::IllegalAction(format!("actions[{i}]: {e}")))?;
        }
        Ok(state)
    }
}

/// The error for an action that is not legal now, in the words every game uses (the
/// reference engines' too): its id, its notation and why.
pub fn illegal_action(action: Action, text: impl fmt::Display, why: impl fmt::Display) -> Error {
    Error::IllegalAction(format!("action {action} ({text}) is illegal: {why}"))
}

/// [`GameState::choose_chance`]'s default, for overrides to fall back on: the outcomes
/// listed into `buf`, one drawn by weight.
#[inline(always)]
pub fn choose_listed<S: GameState>(
    state: &S,
    buf: &mut Vec<(Action, u64)>,
    rng: &mut crate::rng::SplitMix64,
) -> Action {
    state.chance_outcomes_into(buf);
    buf[rng.choose_weighted(buf.iter().map(|&(_, w)| w))].0
}

/// [`GameState::step_random`]'s default, for overrides to fall back on: the chance outcome
/// `choose_chance` draws, or the action `choose_legal` picks with `rng.below(n)`, applied.
#[inline(always)]
pub fn step_listed<S: GameState>(
    state: &mut S,
    rng: &mut crate::rng::SplitMix64,
    actions: &mut Vec<Action>,
    outcomes: &mut Vec<(Action, u64)>,
) {
    let action = if state.current_player() == CHANCE {
        state.choose_chance(outcomes, rng)
    } else {
        state.choose_legal(actions, |n| rng.below(n as u64) as usize)
    };
    state.apply_legal(action);
}

/// A position. Cloning is cheap: states are flat, without heap data where possible.
pub trait GameState: Clone + Send + Sync + fmt::Display {
    /// A seat `0..n`, [`CHANCE`] or [`TERMINAL`].
    fn current_player(&self) -> i32;
    /// The number of seats, `n`.
    fn num_players(&self) -> usize;
    fn is_terminal(&self) -> bool {
        self.current_player() == TERMINAL
    }
    /// Clears `out` and writes the legal actions into it, ascending.
    fn legal_actions_into(&self, out: &mut Vec<Action>);
    /// The legal action at index `pick(n)` of the ascending list of all `n` legal actions
    /// (`pick` must return an index below `n`). Games may override it to skip listing them.
    fn choose_legal(&self, buf: &mut Vec<Action>, pick: impl FnOnce(usize) -> usize) -> Action {
        self.legal_actions_into(buf);
        buf[pick(buf.len())]
    }
    /// Clears `out` and writes `(action, weight)` of a chance node, ascending; none elsewhere.
    fn chance_outcomes_into(&self, out: &mut Vec<(Action, u64)>) {
        out.clear();
    }
    /// The outcome of this chance node drawn from `rng` exactly as DESIGN.md says (`r =
    /// below(total weight)`, the first outcome in ascending order whose running weight sum
    /// exceeds `r`). Games may override it to skip listing the outcomes into `buf`.
    fn choose_chance(
        &self,
        buf: &mut Vec<(Action, u64)>,
        rng: &mut crate::rng::SplitMix64,
    ) -> Action {
        choose_listed(self, buf, rng)
    }
    /// One move of a random playout: the chance outcome drawn by `choose_chance`, or the
    /// seat's action `choose_legal` picks with `rng.below(n)`, applied. Games may override it
    /// to apply the picked move directly instead of encoding it and decoding it again; the
    /// result must be the same action, drawn with the same numbers.
    fn step_random(
        &mut self,
        rng: &mut crate::rng::SplitMix64,
        actions: &mut Vec<Action>,
        outcomes: &mut Vec<(Action, u64)>,
    ) {
        step_listed(self, rng, actions, outcomes);
    }
    /// Applies a legal action; an illegal one is an error that says why, and changes nothing.
    fn apply_action(&mut self, action: Action) -> Result<(), Error>;
    /// Applies an action taken from `legal_actions_into` or `chance_outcomes_into` of this
    /// very state, without checking it again (the simulation loop's fast path).
    fn apply_legal(&mut self, action: Action);
    fn action_to_string(&self, action: Action) -> Result<String, Error>;
    fn string_to_action(&self, text: &str) -> Result<Action, Error>;
    /// Actions applied so far.
    fn history(&self) -> &[Action];
    /// Each seat's points (final once terminal).
    fn scores_into(&self, out: &mut [i32]);
    /// The winning seats as a bit set (bit i = seat i); empty before the end.
    fn winners_mask(&self) -> u32;
    /// Canonical JSON: sorted keys, no whitespace, integers only.
    fn to_json(&self) -> String;
    fn observation_tensor_into(&self, player: usize, out: &mut [f32]) -> Result<(), Error>;
    fn observation_string(&self, player: usize) -> Result<String, Error>;
    /// A state `observer` cannot tell apart from this one, with everything hidden from it
    /// drawn at random (for search by determinisation). Games without hidden information
    /// return a copy.
    fn determinize(&self, _observer: usize, _rng: &mut crate::rng::SplitMix64) -> Self {
        self.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::{ObservationSink, TokenRow};
    use proptest::prelude::*;

    /// A compact row after `finish`, and the list of nonzero entries written alongside.
    struct Written {
        count: Result<i32, String>,
        index: Vec<i32>,
        value: Vec<f32>,
        list: Vec<(u32, f32)>,
    }

    /// Writes the same entries to a compact row of `width` and to the list of nonzero
    /// entries: scalars (zeros among them) and bitboard planes, as the games' writers do.
    fn both(width: usize, scalars: &[f32], planes: &[u128]) -> Written {
        let (mut index, mut value) = (vec![7; width], vec![7.0; width]);
        let mut list = Vec::new();
        let mut row = TokenRow::new(&mut index, &mut value);
        let mut base = 0;
        for (&v, &plane) in scalars.iter().zip(planes) {
            row.set(base, v);
            list.set(base, v);
            row.set_plane(base + 1, plane);
            list.set_plane(base + 1, plane);
            base += 129;
        }
        let count = row.finish().map_err(|e| e.to_string());
        Written {
            count,
            index,
            value,
            list,
        }
    }

    proptest! {
        /// A row holds the nonzero entries in order, then padding (index -1, value 0); more
        /// entries than the width is an error, with nothing written past the width.
        #[test]
        fn a_compact_row_is_the_nonzero_entries_then_padding(
            width in 0usize..300,
            scalars in prop::collection::vec(prop_oneof![Just(0.0f32), Just(1.0), Just(0.5)], 1..4),
            planes in prop::collection::vec(any::<u128>(), 3),
        ) {
            let Written { count, index, value, list } = both(width, &scalars, &planes);
            prop_assert_eq!(index.len(), width);
            if list.len() <= width {
                prop_assert_eq!(count, Ok(list.len() as i32));
                let n = list.len();
                prop_assert!(index[..n].iter().zip(&list).all(|(&i, &(j, _))| i == j as i32));
                prop_assert!(value[..n].iter().zip(&list).all(|(&v, &(_, w))| v == w));
                prop_assert!(index[n..].iter().all(|&i| i == -1));
                prop_assert!(value[n..].iter().all(|&v| v == 0.0));
            } else {
                prop_assert_eq!(
                    count,
                    Err(format!(
                        "the observation has {} nonzero entries, more than the compact width {width}",
                        list.len()
                    ))
                );
            }
        }
    }
}
