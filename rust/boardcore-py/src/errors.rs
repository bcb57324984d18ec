//! The one place where core errors become Python exceptions. The classes are defined in
//! `boardcore/errors.py`, so the reference engine raises the very same ones.

use boardcore::Error;
use pyo3::PyErr;

pyo3::import_exception!(boardcore.errors, IllegalActionError);
pyo3::import_exception!(boardcore.errors, NotationError);
pyo3::import_exception!(boardcore.errors, StateFormatError);
pyo3::import_exception!(boardcore.errors, DataError);
pyo3::import_exception!(boardcore.errors, ParameterError);

pub fn to_py(error: Error) -> PyErr {
    match error {
        Error::IllegalAction(m) => IllegalActionError::new_err(m),
        Error::Notation(m) => NotationError::new_err(m),
        Error::StateFormat(m) => StateFormatError::new_err(m),
        Error::Data(m) => DataError::new_err(m),
        Error::Parameter(m) => ParameterError::new_err(m),
    }
}
