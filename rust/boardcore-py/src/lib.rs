//! `boardcore._core`: Python bindings for the `boardcore` crate. Conversions only: no rules
//! live here. Each game is one `py_game!` line (see `game.rs`).

use pyo3::prelude::*;

mod compact;
mod errors;
mod game;

use boardcore::games::chandigarh::ChandigarhGame;
use boardcore::games::city_connect::CityConnectGame;
use boardcore::games::kardinal::KardinalGame;
use boardcore::games::prestel_new_york::PrestelGame;
use boardcore::games::rebuilding_chicago::RebuildingChicagoGame;

py_game!(
    PyKardinalGame,
    PyKardinalState,
    PyKardinalVectorEnv,
    "KardinalGame",
    "KardinalState",
    "KardinalVectorEnv",
    KardinalGame
);
py_game!(
    PyChandigarhGame,
    PyChandigarhState,
    PyChandigarhVectorEnv,
    "ChandigarhGame",
    "ChandigarhState",
    "ChandigarhVectorEnv",
    ChandigarhGame
);
py_game!(
    PyCityConnectGame,
    PyCityConnectState,
    PyCityConnectVectorEnv,
    "CityConnectGame",
    "CityConnectState",
    "CityConnectVectorEnv",
    CityConnectGame
);
py_game!(
    PyPrestelNewYorkGame,
    PyPrestelNewYorkState,
    PyPrestelNewYorkVectorEnv,
    "PrestelNewYorkGame",
    "PrestelNewYorkState",
    "PrestelNewYorkVectorEnv",
    PrestelGame
);
py_game!(
    PyRebuildingChicagoGame,
    PyRebuildingChicagoState,
    PyRebuildingChicagoVectorEnv,
    "RebuildingChicagoGame",
    "RebuildingChicagoState",
    "RebuildingChicagoVectorEnv",
    RebuildingChicagoGame
);

/// Chandigarh's pattern kernel on its own: the exact count of a pattern in a city of 192
/// slot colours (-1 empty), as `boardcore.reference.chandigarh.count_pattern`.
#[pyfunction]
#[pyo3(signature = (players, variant, city, pattern, colours, street=None))]
fn chandigarh_count_pattern(
    players: i64,
    variant: &str,
    city: Vec<i64>,
    pattern: &str,
    colours: Vec<String>,
    street: Option<&str>,
) -> PyResult<u32> {
    boardcore::games::chandigarh::count_pattern(players, variant, &city, pattern, &colours, street)
        .map_err(errors::to_py)
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // Load numpy's C API now: loading it later runs Python code, and a Ctrl-C landing there
    // would surface as a panic instead of a KeyboardInterrupt.
    numpy::PyArray1::<f32>::zeros(m.py(), 0, false);
    m.add_class::<PyKardinalGame>()?;
    m.add_class::<PyKardinalState>()?;
    m.add_class::<PyKardinalVectorEnv>()?;
    m.add_class::<PyChandigarhGame>()?;
    m.add_class::<PyChandigarhState>()?;
    m.add_class::<PyChandigarhVectorEnv>()?;
    m.add_class::<PyCityConnectGame>()?;
    m.add_class::<PyCityConnectState>()?;
    m.add_class::<PyCityConnectVectorEnv>()?;
    m.add_class::<PyPrestelNewYorkGame>()?;
    m.add_class::<PyPrestelNewYorkState>()?;
    m.add_class::<PyPrestelNewYorkVectorEnv>()?;
    m.add_class::<PyRebuildingChicagoGame>()?;
    m.add_class::<PyRebuildingChicagoState>()?;
    m.add_class::<PyRebuildingChicagoVectorEnv>()?;
    m.add_function(wrap_pyfunction!(game::splitmix64, m)?)?;
    m.add_function(wrap_pyfunction!(chandigarh_count_pattern, m)?)?;
    Ok(())
}
