//! `py_game!` makes the Python classes of one game from its core `Game` type: the game and
//! its state, with the whole interface of DESIGN.md.

use boardcore::engine::{Action, Error, ParamValue, Params};
use boardcore::rng::SplitMix64;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Python keyword parameters as the core's `Params`. `None` means the default (its name is
/// still checked). An integer past 64 bits, or a value of no parameter's type (a bool,
/// a float, a list...), is passed on described, for the parameter to refuse in its own words.
pub fn extract_params(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Params> {
    let mut params = Params::new();
    for (key, value) in kwargs.into_iter().flat_map(|d| d.iter()) {
        let key: String = key.extract()?;
        // A path-like object (`pathlib.Path`) is its text, as `os.fspath` gives it.
        let value = if value.is_none() {
            value
        } else if !value.is_instance_of::<pyo3::types::PyString>() && value.hasattr("__fspath__")? {
            value.py().import("os")?.call_method1("fspath", (&value,))?
        } else {
            value
        };
        let value = if value.is_none() {
            ParamValue::Default
        } else if value.is_instance_of::<pyo3::types::PyBool>() {
            ParamValue::Other(describe_value(&value)?)
        } else if let Ok(number) = index_arg(&value, "") {
            // Anything with `__index__` is an integer (numpy's too), past 64 bits out of range.
            match number.extract::<i64>() {
                Ok(v) => ParamValue::Int(v),
                Err(_) => ParamValue::Big(cut(&number.str()?.to_string())),
            }
        } else if let Ok(text) = value.downcast::<pyo3::types::PyString>() {
            let Ok(text) = text.to_str() else {
                return Err(crate::errors::to_py(Error::Parameter(format!(
                    "{key} must be {}",
                    unencodable(&value)
                ))));
            };
            ParamValue::Str(text.to_owned())
        } else {
            ParamValue::Other(describe_value(&value)?)
        };
        params.insert(key, value);
    }
    Ok(params)
}

/// A parameter value of no parameter's type as messages describe it: its type and `repr`
/// (`the list ['easy', 'hard']`), as the reference engines do.
fn describe_value(value: &Bound<'_, PyAny>) -> PyResult<String> {
    let repr = value.repr()?.to_string();
    Ok(format!("the {} {}", value.get_type().name()?, cut(&repr)))
}

/// A user's text as parameter messages quote it: its first 40 characters.
fn cut(text: &str) -> String {
    let short: String = text.chars().take(40).collect();
    let more = if short.len() < text.len() { "..." } else { "" };
    format!("{short}{more}")
}

pub fn params_to_dict<'py>(py: Python<'py>, params: &Params) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (k, v) in params {
        match v {
            ParamValue::Int(i) => dict.set_item(k, i)?,
            ParamValue::Str(s) | ParamValue::Big(s) | ParamValue::Other(s) => {
                dict.set_item(k, s)?
            }
            ParamValue::Default => dict.set_item(k, py.None())?,
        }
    }
    Ok(dict)
}

/// The most characters of a user's input a message quotes.
pub const QUOTE_LIMIT: usize = 200;

/// The Python `repr` of an argument, for messages, cut to [`QUOTE_LIMIT`] characters.
fn describe(obj: &Bound<'_, PyAny>) -> String {
    let text = obj
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "that value".into());
    match text.char_indices().nth(QUOTE_LIMIT) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text,
    }
}

/// A `TypeError` naming the parameter `name` and the type it takes.
fn type_error(name: &str, expected: &str, obj: &Bound<'_, PyAny>) -> PyErr {
    let kind = obj
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into());
    pyo3::exceptions::PyTypeError::new_err(format!(
        "{name} must be {expected}, not {kind} {}",
        describe(obj)
    ))
}

/// An integer driver argument (`__index__`, so numpy integers too; not a bool or float) as
/// a Python int; a `TypeError` naming `name` otherwise.
fn index_arg<'py>(obj: &Bound<'py, PyAny>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return Err(type_error(name, "an int", obj));
    }
    // SAFETY: PyNumber_Index returns a new reference or NULL with an exception set.
    unsafe {
        Bound::from_owned_ptr_or_err(obj.py(), pyo3::ffi::PyNumber_Index(obj.as_ptr()))
            .map_err(|_| type_error(name, "an int", obj))
    }
}

/// The largest batch whose observation and mask arrays (float32 and bool, one row an env)
/// stay within 4 GiB; never more than 2**20 envs.
pub fn max_batch(observation_size: usize, actions: usize) -> usize {
    ((4usize << 30) / (4 * observation_size + actions).max(1)).clamp(1, 1 << 20)
}

/// A seed: any integer, taken modulo 2**64 (DESIGN.md, "Randomness").
pub fn seed_arg(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    let value = index_arg(obj, "seed")?;
    value.rem(1u128 << 64)?.extract()
}

/// A count or size from 0 (or `min`) to `max`; a `ParameterError` naming `name` and the
/// bound otherwise, checked before anything is allocated.
pub fn count_arg(obj: &Bound<'_, PyAny>, name: &str, min: usize, max: usize) -> PyResult<usize> {
    let value = index_arg(obj, name)?;
    match value.extract::<i128>() {
        Ok(n) if (min as i128..=max as i128).contains(&n) => Ok(n as usize),
        _ => Err(crate::errors::to_py(Error::Parameter(format!(
            "{name} must be from {min} to {max}, not {}",
            describe(&value)
        )))),
    }
}

/// An integer argument (a Python int or anything with `__index__`, such as numpy's
/// integers; not a bool), or `None`.
fn int_arg(obj: &Bound<'_, PyAny>) -> Option<i128> {
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return None;
    }
    // An object that is an integer only through `__index__` goes through it, as in Python.
    index_arg(obj, "").ok()?.extract::<i128>().ok()
}

/// An action id from Python. Anything but an int in range is an `IllegalActionError` (never
/// a `TypeError` or `OverflowError`), as in the reference engines.
pub fn action_arg(obj: &Bound<'_, PyAny>, num_actions: usize) -> Result<Action, Error> {
    match int_arg(obj) {
        Some(a) if (0..num_actions as i128).contains(&a) => Ok(a as Action),
        Some(a) => Err(Error::IllegalAction(format!(
            "action {a} is out of range: actions are 0 to {}",
            num_actions - 1
        ))),
        None => Err(Error::IllegalAction(format!(
            "{} is not an action: action ids are ints 0 to {}",
            describe(obj),
            num_actions - 1
        ))),
    }
}

/// An action id to write in notation: the same checks, as a `NotationError`.
pub fn notation_arg(obj: &Bound<'_, PyAny>, num_actions: usize) -> Result<Action, Error> {
    action_arg(obj, num_actions).map_err(|e| Error::Notation(e.to_string()))
}

pub fn seat_arg(obj: &Bound<'_, PyAny>, players: usize) -> Result<usize, Error> {
    int_arg(obj)
        .filter(|&p| (0..players as i128).contains(&p))
        .map(|p| p as usize)
        .ok_or_else(|| {
            Error::Parameter(format!(
                "player must be a seat from 0 to {}, not {}",
                players - 1,
                describe(obj)
            ))
        })
}

/// The actions of `VectorEnv.step`, one per env: anything out of range is an
/// `IllegalActionError` naming the env.
pub fn env_actions(
    actions: &numpy::PyReadonlyArray1<'_, i64>,
    num_actions: usize,
) -> Result<Vec<Action>, Error> {
    let n = num_actions as i64;
    actions
        .as_array()
        .iter()
        .enumerate()
        .map(|(i, &a)| {
            if (0..n).contains(&a) {
                Ok(a as Action)
            } else {
                Err(Error::IllegalAction(format!(
                    "env {i}: action {a} is out of range 0 to {}",
                    n - 1
                )))
            }
        })
        .collect()
}

/// A text argument; `what` names it in the message of `error`.
pub fn text_arg(
    obj: &Bound<'_, PyAny>,
    what: &str,
    error: fn(String) -> Error,
) -> Result<String, Error> {
    obj.extract::<String>().map_err(|_| {
        if obj.is_instance_of::<pyo3::types::PyString>() {
            error(format!("{what} must be {}", unencodable(obj)))
        } else {
            error(format!("{what} must be a str, not {}", describe(obj)))
        }
    })
}

/// What a str that is no Unicode text (a lone surrogate, which cannot be UTF-8) is refused
/// with, after "`what` must be", in the reference engines' words too.
fn unencodable(text: &Bound<'_, PyAny>) -> String {
    format!(
        "Unicode text without lone surrogates, not {}",
        describe(text)
    )
}

/// Agents from their specs (a list of str, one per seat or one for all); none means random
/// agents.
pub fn agent_specs(specs: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<boardcore::agents::Agent>> {
    let Some(specs) = specs.filter(|s| !s.is_none()) else {
        return Ok(vec![boardcore::agents::Agent::Random]);
    };
    if specs.is_instance_of::<pyo3::types::PyString>() {
        return Err(type_error("agents", "a list of agent specs", specs));
    }
    let mut agents = Vec::new();
    for spec in specs
        .try_iter()
        .map_err(|_| type_error("agents", "a list of agent specs", specs))?
    {
        agents.push(agent_spec(&spec?)?);
    }
    Ok(agents)
}

/// One agent from its spec (`random`, `greedy`, `mcts:<n>` ...).
pub fn agent_spec(spec: &Bound<'_, PyAny>) -> PyResult<boardcore::agents::Agent> {
    let text: String = spec
        .extract()
        .map_err(|_| type_error("an agent spec", "a str", spec))?;
    boardcore::agents::Agent::parse(&text).map_err(crate::errors::to_py)
}

/// What a watched batch found on the calling thread: a Python error (Ctrl-C's
/// `KeyboardInterrupt`, or one raised by the progress callback), if any.
pub struct Watch {
    pub error: Option<PyErr>,
    reported: usize,
    last: std::time::Instant,
}

impl Default for Watch {
    fn default() -> Self {
        Self {
            error: None,
            reported: 0,
            last: std::time::Instant::now(),
        }
    }
}

impl Watch {
    /// For one long game or search: polls at most every `POLL_INTERVAL`; once stopped, stays
    /// stopped.
    pub fn keep_going(&mut self) -> bool {
        if self.error.is_some() {
            return false;
        }
        if self.last.elapsed() < boardcore::sim::POLL_INTERVAL {
            return true;
        }
        self.last = std::time::Instant::now();
        self.poll(0, None)
    }

    /// The poll of `boardcore::sim::simulate_watched`: takes the GIL briefly to run Python's
    /// signal handlers (Ctrl-C) and to tell `progress` how many games finished since the last
    /// report; false stops the batch.
    pub fn poll(&mut self, finished: usize, progress: Option<&Py<PyAny>>) -> bool {
        Python::with_gil(|py| {
            if let Err(e) = py.check_signals() {
                self.error = Some(e);
                return false;
            }
            if let Some(progress) = progress.filter(|_| finished > self.reported) {
                if let Err(e) = progress.bind(py).call1((finished - self.reported,)) {
                    self.error = Some(e);
                    return false;
                }
                self.reported = finished;
            }
            true
        })
    }
}

/// The first `count` outputs of SplitMix64 seeded `seed`: lets tests hold the Python
/// generator to the Rust one.
#[pyfunction]
pub fn splitmix64(seed: u64, count: usize) -> Vec<u64> {
    let mut rng = SplitMix64::new(seed);
    (0..count).map(|_| rng.next()).collect()
}

#[macro_export]
macro_rules! py_game {
    (
        $PyGame:ident,
        $PyState:ident,
        $PyVector:ident,
        $game_name:literal,
        $state_name:literal,
        $vector_name:literal,
        $Game:ty
    ) => {
        #[pyclass(module = "boardcore._core", name = $game_name, frozen)]
        pub struct $PyGame {
            inner: std::sync::Arc<$Game>,
        }

        #[pyclass(module = "boardcore._core", name = $state_name)]
        #[derive(Clone)]
        pub struct $PyState {
            inner: <$Game as boardcore::engine::Game>::State,
            game: std::sync::Arc<$Game>,
        }

        #[allow(clippy::useless_conversion)] // PyResult conversions made by the macros
        #[pymethods]
        impl $PyGame {
            #[new]
            #[pyo3(signature = (**params))]
            fn new(params: Option<&Bound<'_, pyo3::types::PyDict>>) -> PyResult<Self> {
                let params = $crate::game::extract_params(params)?;
                let inner = <$Game as boardcore::engine::Game>::from_params(&params)
                    .map_err($crate::errors::to_py)?;
                Ok(Self {
                    inner: std::sync::Arc::new(inner),
                })
            }
            #[getter]
            fn name(&self) -> &'static str {
                boardcore::engine::Game::name(&*self.inner)
            }
            #[getter]
            fn num_players(&self) -> usize {
                boardcore::engine::Game::num_players(&*self.inner)
            }
            #[getter]
            fn version(&self) -> u32 {
                boardcore::engine::Game::version(&*self.inner)
            }
            #[getter]
            fn num_distinct_actions(&self) -> usize {
                boardcore::engine::Game::num_distinct_actions(&*self.inner)
            }
            #[getter]
            fn observation_size(&self) -> usize {
                boardcore::engine::Game::observation_size(&*self.inner)
            }
            #[getter]
            fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
                $crate::game::params_to_dict(py, &boardcore::engine::Game::params(&*self.inner))
            }
            fn new_initial_state(&self) -> $PyState {
                $PyState {
                    inner: boardcore::engine::Game::new_initial_state(&*self.inner),
                    game: self.inner.clone(),
                }
            }
            fn state_from_json(&self, text: &Bound<'_, PyAny>) -> PyResult<$PyState> {
                let text =
                    $crate::game::text_arg(text, "a saved state", boardcore::Error::StateFormat)
                        .map_err($crate::errors::to_py)?;
                let inner = boardcore::engine::Game::state_from_json(&*self.inner, &text)
                    .map_err($crate::errors::to_py)?;
                Ok($PyState {
                    inner,
                    game: self.inner.clone(),
                })
            }
            fn replay(&self, actions: &Bound<'_, PyAny>) -> PyResult<$PyState> {
                let illegal =
                    |msg: String| $crate::errors::to_py(boardcore::Error::IllegalAction(msg));
                if actions.is_instance_of::<pyo3::types::PyString>() {
                    return Err(illegal(
                        "actions must be a sequence of action ids, not a str".into(),
                    ));
                }
                let mut state = self.new_initial_state();
                for (i, a) in actions.try_iter()?.enumerate() {
                    let a = a?;
                    state.apply_action(&a).map_err(|e| {
                        let msg = format!("actions[{i}]: {}", e.value(actions.py()));
                        illegal(msg)
                    })?;
                }
                Ok(state)
            }
            /// Plays one game seeded `seed` (the batch's game), with random agents or the
            /// agents named by `agents` (one spec per seat, or one for all). Ctrl-C stops an
            /// agents' game between moves with `KeyboardInterrupt`.
            #[pyo3(signature = (seed, agents=None))]
            fn play_random(
                &self,
                py: Python<'_>,
                seed: &Bound<'_, PyAny>,
                agents: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<$PyState> {
                let seed = $crate::game::seed_arg(seed)?;
                let agents = $crate::game::agent_specs(agents)?;
                let n = boardcore::engine::Game::num_players(&*self.inner);
                boardcore::sim::check_agents(&agents, n).map_err($crate::errors::to_py)?;
                let game = self.inner.clone();
                let mut watch = $crate::game::Watch::default();
                let inner = py.allow_threads(|| {
                    let mut scratch = boardcore::sim::Scratch::default();
                    let mut state = boardcore::engine::Game::new_initial_state(&*game);
                    let mut keep_going = || watch.keep_going();
                    boardcore::sim::play_out_watched(
                        &mut state,
                        seed,
                        &agents,
                        &mut scratch,
                        &mut keep_going,
                    );
                    state
                });
                if let Some(error) = watch.error {
                    return Err(error);
                }
                Ok($PyState {
                    inner,
                    game: self.inner.clone(),
                })
            }
            /// Games `seed .. seed + games` on `threads` threads, without the GIL:
            /// `(scores, winners, lengths)` as numpy arrays. `agents`: one spec per seat or
            /// one for all (`random`, `greedy`, `mcts:<n>`). `progress(n)` is called every
            /// few tens of milliseconds with the number of games finished since the last call.
            /// On Ctrl-C the `KeyboardInterrupt` raised carries the arrays so far as its
            /// `partial` attribute, games not finished having length 0.
            #[allow(clippy::type_complexity)]
            #[pyo3(signature = (games, seed, threads, agents=None, progress=None))]
            fn simulate<'py>(
                &self,
                py: Python<'py>,
                games: &Bound<'py, PyAny>,
                seed: &Bound<'py, PyAny>,
                threads: &Bound<'py, PyAny>,
                agents: Option<&Bound<'py, PyAny>>,
                progress: Option<Py<PyAny>>,
            ) -> PyResult<(
                Bound<'py, numpy::PyArray2<i32>>,
                Bound<'py, numpy::PyArray2<bool>>,
                Bound<'py, numpy::PyArray1<u32>>,
            )> {
                use numpy::{IntoPyArray, PyArrayMethods};
                let games = $crate::game::count_arg(games, "games", 0, boardcore::sim::MAX_GAMES)?;
                let seed = $crate::game::seed_arg(seed)?;
                let threads =
                    $crate::game::count_arg(threads, "threads", 1, boardcore::sim::MAX_THREADS)?;
                let agents = $crate::game::agent_specs(agents)?;
                let progress = progress.filter(|p| !p.is_none(py));
                let game = self.inner.clone();
                let mut watch = $crate::game::Watch::default();
                let batch = py
                    .allow_threads(|| {
                        boardcore::sim::simulate_watched(
                            &*game,
                            games,
                            seed,
                            threads,
                            &agents,
                            &mut |finished| watch.poll(finished, progress.as_ref()),
                        )
                    })
                    .map_err($crate::errors::to_py)?;
                if watch.error.is_none() && batch.finished_prefix() == games {
                    // The last games' progress, and a Ctrl-C that came after the last poll.
                    watch.poll(games, progress.as_ref());
                }
                let shape = [games, batch.players];
                let arrays = (
                    batch.scores.into_pyarray(py).reshape(shape)?,
                    batch.winners.into_pyarray(py).reshape(shape)?,
                    batch.lengths.into_pyarray(py),
                );
                match watch.error {
                    None => Ok(arrays),
                    Some(error) => {
                        if error.is_instance_of::<pyo3::exceptions::PyKeyboardInterrupt>(py) {
                            error.value(py).setattr("partial", arrays)?;
                        }
                        Err(error)
                    }
                }
            }
            /// Pickled as its name and parameters (`boardcore._pickle.game` loads it again).
            fn __reduce__<'py>(
                &self,
                py: Python<'py>,
            ) -> PyResult<(
                Bound<'py, PyAny>,
                (&'static str, Bound<'py, pyo3::types::PyDict>),
            )> {
                let load = py.import("boardcore._pickle")?.getattr("game")?;
                let params = boardcore::engine::Game::params(&*self.inner);
                let name = boardcore::engine::Game::name(&*self.inner);
                Ok((load, (name, $crate::game::params_to_dict(py, &params)?)))
            }
            fn __repr__(&self) -> String {
                let params = boardcore::engine::Game::params(&*self.inner);
                let args: Vec<String> = params
                    .iter()
                    .map(|(k, v)| match v {
                        boardcore::engine::ParamValue::Int(i) => format!("{k}={i}"),
                        boardcore::engine::ParamValue::Str(s)
                        | boardcore::engine::ParamValue::Big(s)
                        | boardcore::engine::ParamValue::Other(s) => format!("{k}={s:?}"),
                        boardcore::engine::ParamValue::Default => format!("{k}=None"),
                    })
                    .collect();
                format!(
                    "boardcore.load({:?}, {})",
                    boardcore::engine::Game::name(&*self.inner),
                    args.join(", ")
                )
            }
        }

        #[allow(clippy::useless_conversion)]
        #[pymethods]
        impl $PyState {
            fn current_player(&self) -> i32 {
                boardcore::engine::GameState::current_player(&self.inner)
            }
            fn is_terminal(&self) -> bool {
                boardcore::engine::GameState::is_terminal(&self.inner)
            }
            fn is_chance_node(&self) -> bool {
                boardcore::engine::GameState::current_player(&self.inner)
                    == boardcore::engine::CHANCE
            }
            /// Ascending; at a chance node the outcomes' ids, as OpenSpiel defines it.
            fn legal_actions(&self) -> Vec<u32> {
                let mut out = Vec::new();
                if self.is_chance_node() {
                    let mut outcomes = Vec::new();
                    boardcore::engine::GameState::chance_outcomes_into(&self.inner, &mut outcomes);
                    out.extend(outcomes.iter().map(|&(a, _)| a));
                } else {
                    boardcore::engine::GameState::legal_actions_into(&self.inner, &mut out);
                }
                out
            }
            fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<bool>> {
                use numpy::IntoPyArray;
                let n = boardcore::engine::Game::num_distinct_actions(&*self.game);
                let mut mask = vec![false; n];
                for a in self.legal_actions() {
                    mask[a as usize] = true;
                }
                mask.into_pyarray(py)
            }
            fn chance_outcomes(&self) -> Vec<(u32, u64)> {
                let mut out = Vec::new();
                boardcore::engine::GameState::chance_outcomes_into(&self.inner, &mut out);
                out
            }
            fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
                let n = boardcore::engine::Game::num_distinct_actions(&*self.game);
                let action = $crate::game::action_arg(action, n).map_err($crate::errors::to_py)?;
                boardcore::engine::GameState::apply_action(&mut self.inner, action)
                    .map_err($crate::errors::to_py)
            }
            fn action_to_string(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
                let n = boardcore::engine::Game::num_distinct_actions(&*self.game);
                let action =
                    $crate::game::notation_arg(action, n).map_err($crate::errors::to_py)?;
                boardcore::engine::GameState::action_to_string(&self.inner, action)
                    .map_err($crate::errors::to_py)
            }
            fn string_to_action(&self, text: &Bound<'_, PyAny>) -> PyResult<u32> {
                let text = $crate::game::text_arg(
                    text,
                    "an action in notation",
                    boardcore::Error::Notation,
                )
                .map_err($crate::errors::to_py)?;
                if let Some((cut, _)) = text.char_indices().nth($crate::game::QUOTE_LIMIT) {
                    // No move is written so long; the message quotes only the start.
                    return Err($crate::errors::to_py(boardcore::Error::Notation(format!(
                        "{:?}... is not a move: moves are far shorter than {} characters",
                        &text[..cut],
                        $crate::game::QUOTE_LIMIT
                    ))));
                }
                boardcore::engine::GameState::string_to_action(&self.inner, &text)
                    .map_err($crate::errors::to_py)
            }
            fn scores(&self) -> Vec<i32> {
                let n = boardcore::engine::Game::num_players(&*self.game);
                let mut out = vec![0; n];
                boardcore::engine::GameState::scores_into(&self.inner, &mut out);
                out
            }
            fn winners(&self) -> Vec<usize> {
                let mask = boardcore::engine::GameState::winners_mask(&self.inner);
                let n = boardcore::engine::Game::num_players(&*self.game);
                (0..n).filter(|s| mask >> s & 1 == 1).collect()
            }
            fn returns(&self) -> Vec<f64> {
                let n = boardcore::engine::Game::num_players(&*self.game);
                let winners = self.winners();
                let share = if winners.is_empty() {
                    0.0
                } else {
                    1.0 / winners.len() as f64
                };
                (0..n)
                    .map(|s| if winners.contains(&s) { share } else { 0.0 })
                    .collect()
            }
            fn clone(&self) -> Self {
                Clone::clone(self)
            }
            fn __copy__(&self) -> Self {
                Clone::clone(self)
            }
            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
                Clone::clone(self)
            }
            /// Pickled as its game and its saved state (`boardcore._pickle.state` replays it).
            fn __reduce__<'py>(
                &self,
                py: Python<'py>,
            ) -> PyResult<(Bound<'py, PyAny>, ($PyGame, String))> {
                let restore = py.import("boardcore._pickle")?.getattr("state")?;
                let text = boardcore::engine::GameState::to_json(&self.inner);
                Ok((restore, (self.game(), text)))
            }
            fn history(&self) -> Vec<u32> {
                boardcore::engine::GameState::history(&self.inner).to_vec()
            }
            fn to_json(&self) -> String {
                boardcore::engine::GameState::to_json(&self.inner)
            }
            fn observation_tensor<'py>(
                &self,
                py: Python<'py>,
                player: &Bound<'py, PyAny>,
            ) -> PyResult<Bound<'py, numpy::PyArray1<f32>>> {
                use numpy::IntoPyArray;
                let n = boardcore::engine::Game::num_players(&*self.game);
                let seat = $crate::game::seat_arg(player, n).map_err($crate::errors::to_py)?;
                let size = boardcore::engine::Game::observation_size(&*self.game);
                let mut out = vec![0.0f32; size];
                boardcore::engine::GameState::observation_tensor_into(&self.inner, seat, &mut out)
                    .map_err($crate::errors::to_py)?;
                Ok(out.into_pyarray(py))
            }
            fn observation_string(&self, player: &Bound<'_, PyAny>) -> PyResult<String> {
                let n = boardcore::engine::Game::num_players(&*self.game);
                let seat = $crate::game::seat_arg(player, n).map_err($crate::errors::to_py)?;
                boardcore::engine::GameState::observation_string(&self.inner, seat)
                    .map_err($crate::errors::to_py)
            }
            fn __str__(&self) -> String {
                self.inner.to_string()
            }
            /// The action an agent (`random`, `greedy`, `mcts:<n>`) picks here, its randomness
            /// seeded `seed`; searches without the GIL.
            fn agent_action(
                &self,
                py: Python<'_>,
                agent: &Bound<'_, PyAny>,
                seed: &Bound<'_, PyAny>,
            ) -> PyResult<u32> {
                let seed = $crate::game::seed_arg(seed)?;
                let agent = $crate::game::agent_spec(agent)?;
                if boardcore::engine::GameState::current_player(&self.inner) < 0 {
                    return Err($crate::errors::to_py(boardcore::Error::IllegalAction(
                        "no seat is to move (chance node or game over): agents act for seats"
                            .into(),
                    )));
                }
                let state = &self.inner;
                let mut watch = $crate::game::Watch::default();
                let action = py.allow_threads(|| {
                    let mut rng = boardcore::rng::SplitMix64::new(seed);
                    let mut keep_going = || watch.keep_going();
                    agent.act_watched(state, &mut rng, &mut Vec::new(), &mut keep_going)
                });
                match watch.error {
                    None => Ok(action),
                    Some(error) => Err(error),
                }
            }
            /// An SVG picture of the position, drawn by `boardcore.svg` from the canonical
            /// JSON, so both engines give the same picture. With `perspective` (a seat),
            /// only what that seat may see (what is hidden from it is left out of the picture).
            #[pyo3(signature = (perspective=None))]
            fn to_svg(
                &self,
                py: Python<'_>,
                perspective: Option<Bound<'_, PyAny>>,
            ) -> PyResult<String> {
                let json = boardcore::engine::GameState::to_json(&self.inner);
                py.import("boardcore.svg")?
                    .call_method1("state_to_svg", (json, perspective))?
                    .extract()
            }
            fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
                self.to_svg(py, None)
            }
            fn __repr__(&self) -> String {
                format!(
                    "<{} {}>",
                    $state_name,
                    boardcore::engine::GameState::to_json(&self.inner)
                )
            }
            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                match other.extract::<PyRef<'_, $PyState>>() {
                    Ok(other) => {
                        boardcore::engine::GameState::to_json(&self.inner)
                            == boardcore::engine::GameState::to_json(&other.inner)
                    }
                    Err(_) => false,
                }
            }
            #[getter]
            fn game(&self) -> $PyGame {
                $PyGame {
                    inner: self.game.clone(),
                }
            }
        }

        /// A batch of games stepped together (see `boardcore.VectorEnv`).
        #[pyclass(module = "boardcore._core", name = $vector_name)]
        pub struct $PyVector {
            inner: boardcore::vector::VectorEnv<$Game>,
            pool: $crate::compact::Pool,
        }

        #[allow(clippy::useless_conversion)]
        #[pymethods]
        impl $PyVector {
            #[new]
            #[pyo3(signature = (batch, seed=None, **params))]
            fn new(
                batch: &Bound<'_, PyAny>,
                seed: Option<&Bound<'_, PyAny>>,
                params: Option<&Bound<'_, pyo3::types::PyDict>>,
            ) -> PyResult<Self> {
                let params = $crate::game::extract_params(params)?;
                let game = <$Game as boardcore::engine::Game>::from_params(&params)
                    .map_err($crate::errors::to_py)?;
                let batch = $crate::game::count_arg(
                    batch,
                    "batch",
                    1,
                    $crate::game::max_batch(
                        boardcore::engine::Game::observation_size(&game),
                        boardcore::engine::Game::num_distinct_actions(&game),
                    ),
                )?;
                let seed = seed.map_or(Ok(0), $crate::game::seed_arg)?;
                let inner = boardcore::vector::VectorEnv::new(game, batch, seed)
                    .map_err($crate::errors::to_py)?;
                Ok(Self {
                    inner,
                    pool: $crate::compact::Pool::default(),
                })
            }
            #[getter]
            fn batch(&self) -> usize {
                self.inner.batch()
            }
            #[getter]
            fn num_players(&self) -> usize {
                boardcore::engine::Game::num_players(self.inner.game())
            }
            #[getter]
            fn num_distinct_actions(&self) -> usize {
                boardcore::engine::Game::num_distinct_actions(self.inner.game())
            }
            #[getter]
            fn observation_size(&self) -> usize {
                boardcore::engine::Game::observation_size(self.inner.game())
            }
            /// `(observations, masks, to_move)` of the seat to move in every env.
            #[allow(clippy::type_complexity)]
            fn observe<'py>(
                &self,
                py: Python<'py>,
            ) -> PyResult<(
                Bound<'py, numpy::PyArray2<f32>>,
                Bound<'py, numpy::PyArray2<bool>>,
                Bound<'py, numpy::PyArray1<i32>>,
            )> {
                use numpy::{IntoPyArray, PyArrayMethods};
                let b = self.inner.batch();
                let size = self.observation_size();
                let actions = self.num_distinct_actions();
                let mut obs = vec![0.0f32; b * size];
                let mut mask = vec![false; b * actions];
                let mut seat = vec![0i32; b];
                let inner = &self.inner;
                py.allow_threads(|| inner.observe(&mut obs, &mut mask, &mut seat));
                Ok((
                    obs.into_pyarray(py).reshape([b, size])?,
                    mask.into_pyarray(py).reshape([b, actions])?,
                    seat.into_pyarray(py),
                ))
            }
            #[getter]
            fn max_observation_tokens(&self) -> usize {
                boardcore::engine::Game::max_observation_tokens(self.inner.game())
            }
            #[getter]
            fn max_legal_actions(&self) -> usize {
                boardcore::engine::Game::max_legal_actions(self.inner.game())
            }
            /// The compact observation of every env: `(index, value, num_tokens, legal,
            /// num_legal, to_move)`, new arrays (`batch x max_observation_tokens` int32 and
            /// float32, `batch` int32, `batch x max_legal_actions` int32, `batch` int32,
            /// `batch` int32) in memory recycled from freed ones (see `compact.rs`).
            fn observe_compact<'py>(
                &mut self,
                py: Python<'py>,
            ) -> PyResult<$crate::compact::CompactArrays<'py>> {
                let b = self.inner.batch();
                let (t, l) = (self.max_observation_tokens(), self.max_legal_actions());
                let mut block = self.pool.take(b, t, l);
                let inner = &mut self.inner;
                py.allow_threads(|| inner.observe_compact(block.buffers()))
                    .map_err($crate::errors::to_py)?;
                $crate::compact::into_arrays(py, block, &self.pool)
            }
            /// `step` then `observe_compact` in one pass: `(observation, rewards,
            /// terminated)`, the observation the tuple `observe_compact` returns.
            #[allow(clippy::type_complexity)]
            fn step_compact<'py>(
                &mut self,
                py: Python<'py>,
                actions: numpy::PyReadonlyArray1<'py, i64>,
            ) -> PyResult<(
                $crate::compact::CompactArrays<'py>,
                Bound<'py, numpy::PyArray2<f32>>,
                Bound<'py, numpy::PyArray1<bool>>,
            )> {
                use numpy::{IntoPyArray, PyArrayMethods};
                let b = self.inner.batch();
                let players = self.num_players();
                let (t, l) = (self.max_observation_tokens(), self.max_legal_actions());
                let ids = $crate::game::env_actions(&actions, self.num_distinct_actions())
                    .map_err($crate::errors::to_py)?;
                let mut block = self.pool.take(b, t, l);
                let mut rewards = vec![0.0f32; b * players];
                let mut done = vec![false; b];
                let inner = &mut self.inner;
                py.allow_threads(|| {
                    inner.step_compact(&ids, &mut rewards, &mut done, block.buffers())
                })
                .map_err($crate::errors::to_py)?;
                py.check_signals()?;
                Ok((
                    $crate::compact::into_arrays(py, block, &self.pool)?,
                    rewards.into_pyarray(py).reshape([b, players])?,
                    done.into_pyarray(py),
                ))
            }
            /// Writes the tokens of `seat`'s view of the game env `i` finished in the last
            /// step into two rows of `max_observation_tokens`; their count, or None if that
            /// step finished no game.
            fn final_observation_compact(
                &self,
                i: usize,
                seat: usize,
                mut index: numpy::PyReadwriteArray1<'_, i32>,
                mut value: numpy::PyReadwriteArray1<'_, f32>,
            ) -> PyResult<Option<i32>> {
                if i >= self.inner.batch() || seat >= self.num_players() {
                    return Err($crate::errors::to_py(boardcore::Error::Parameter(format!(
                        "env {i}, seat {seat} do not exist"
                    ))));
                }
                let Some(state) = self.inner.final_state(i) else {
                    return Ok(None);
                };
                let t = self.max_observation_tokens();
                let (Ok(index), Ok(value)) = (index.as_slice_mut(), value.as_slice_mut()) else {
                    return Err($crate::errors::to_py(boardcore::Error::Parameter(
                        "index and value must be contiguous rows".into(),
                    )));
                };
                if index.len() != t || value.len() != t {
                    return Err($crate::errors::to_py(boardcore::Error::Parameter(format!(
                        "index and value must hold {t} entries"
                    ))));
                }
                let mut tokens = Vec::new();
                boardcore::engine::Game::observation_tokens_into(
                    self.inner.game(),
                    state,
                    seat,
                    &mut tokens,
                )
                .map_err($crate::errors::to_py)?;
                boardcore::vector::write_tokens(&tokens, index, value)
                    .map(Some)
                    .map_err($crate::errors::to_py)
            }
            fn reset(&mut self, py: Python<'_>, seed: &Bound<'_, PyAny>) -> PyResult<()> {
                let seed = $crate::game::seed_arg(seed)?;
                let inner = &mut self.inner;
                py.allow_threads(|| inner.reset(seed));
                Ok(())
            }
            /// Applies one action per env; `(rewards, terminated)`, games restarting as they end.
            #[allow(clippy::type_complexity)]
            fn step<'py>(
                &mut self,
                py: Python<'py>,
                actions: numpy::PyReadonlyArray1<'py, i64>,
            ) -> PyResult<(
                Bound<'py, numpy::PyArray2<f32>>,
                Bound<'py, numpy::PyArray1<bool>>,
            )> {
                use numpy::{IntoPyArray, PyArrayMethods};
                let b = self.inner.batch();
                let players = self.num_players();
                let ids = $crate::game::env_actions(&actions, self.num_distinct_actions())
                    .map_err($crate::errors::to_py)?;
                let mut rewards = vec![0.0f32; b * players];
                let mut done = vec![false; b];
                let inner = &mut self.inner;
                py.allow_threads(|| inner.step(&ids, &mut rewards, &mut done))
                    .map_err($crate::errors::to_py)?;
                // Ctrl-C during the step: a KeyboardInterrupt now, before numpy is touched.
                py.check_signals()?;
                Ok((
                    rewards.into_pyarray(py).reshape([b, players])?,
                    done.into_pyarray(py),
                ))
            }
            /// The state of env `i` (a copy), e.g. to draw it.
            fn state(&self, i: &Bound<'_, PyAny>) -> PyResult<$PyState> {
                let i = $crate::game::count_arg(i, "env", 0, self.inner.batch() - 1)?;
                Ok($PyState {
                    inner: self.inner.state(i).clone(),
                    game: std::sync::Arc::new(self.inner.game().clone()),
                })
            }
            /// The terminal state (a copy) of the game env `i` finished in the last step,
            /// or None if it finished none.
            fn final_state(&self, i: usize) -> PyResult<Option<$PyState>> {
                if i >= self.inner.batch() {
                    return Err($crate::errors::to_py(boardcore::Error::Parameter(format!(
                        "env {i} does not exist: the batch has {}",
                        self.inner.batch()
                    ))));
                }
                Ok(self.inner.final_state(i).map(|state| $PyState {
                    inner: state.clone(),
                    game: std::sync::Arc::new(self.inner.game().clone()),
                }))
            }
        }
    };
}
