//! The compact observation's arrays, handed to numpy from memory that is recycled.
//!
//! Every call returns new arrays (docs/vector.md), but fresh memory for every step cost a page
//! fault per 4 KiB the step wrote (the kernel mapping and zeroing each page): a fifth of a
//! compact step. So one call's six arrays live in one [`Block`], owned by a Python object that
//! is the arrays' numpy base; when numpy frees the last of them (views included), the block
//! goes back to its env's [`Pool`] for a later call instead of to the allocator.

use std::sync::{Arc, Mutex};

use numpy::ndarray::{ArrayView1, ArrayView2};
use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;

use boardcore::vector::CompactBuffers;

/// The memory of one compact observation of a batch.
#[derive(Default)]
pub struct Block {
    /// The int32 arrays one after the other: index, num_tokens, legal, num_legal, to_move.
    ints: Vec<i32>,
    /// The token values.
    values: Vec<f32>,
    /// batch, tokens per row, legal actions per row.
    shape: (usize, usize, usize),
}

/// How many freed blocks an env keeps: a learner that holds the last observation while it
/// steps frees each block one step later, so two are in turn.
const KEEP: usize = 2;

/// The blocks of one env whose arrays numpy has freed.
#[derive(Clone, Default)]
pub struct Pool(Arc<Mutex<Vec<Block>>>);

impl Pool {
    /// A block for `batch` rows of `tokens` tokens and `legal` actions: a freed one when
    /// there is one (its contents are overwritten), else new.
    pub fn take(&self, batch: usize, tokens: usize, legal: usize) -> Block {
        let mut block = self
            .0
            .lock()
            .ok()
            .and_then(|mut free| free.pop())
            .unwrap_or_default();
        // The same env asks for the same shape every time: these allocate only once.
        block.ints.resize(batch * (tokens + legal + 3), 0);
        block.values.resize(batch * tokens, 0.0);
        block.shape = (batch, tokens, legal);
        block
    }

    fn give_back(&self, block: Block) {
        if let Ok(mut free) = self.0.lock() {
            if free.len() < KEEP {
                free.push(block);
            }
        }
    }
}

impl Block {
    /// The rows `VectorEnv::observe_compact` and `step_compact` write.
    pub fn buffers(&mut self) -> CompactBuffers<'_> {
        let (b, t, l) = self.shape;
        let (index, rest) = self.ints.split_at_mut(b * t);
        let (num_tokens, rest) = rest.split_at_mut(b);
        let (legal, rest) = rest.split_at_mut(b * l);
        let (num_legal, to_move) = rest.split_at_mut(b);
        CompactBuffers {
            index,
            value: &mut self.values,
            num_tokens,
            legal,
            num_legal,
            to_move,
        }
    }
}

/// The numpy base of one block's arrays: it returns the block to the pool when freed.
#[pyclass(module = "boardcore._core", frozen)]
struct BlockOwner {
    block: Block,
    pool: Pool,
}

impl Drop for BlockOwner {
    fn drop(&mut self) {
        self.pool.give_back(std::mem::take(&mut self.block));
    }
}

/// `(index, value, num_tokens, legal, num_legal, to_move)` as Python gets them.
pub type CompactArrays<'py> = (
    Bound<'py, PyArray2<i32>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<i32>>,
    Bound<'py, PyArray2<i32>>,
    Bound<'py, PyArray1<i32>>,
    Bound<'py, PyArray1<i32>>,
);

fn shape_error(e: numpy::ndarray::ShapeError) -> PyErr {
    pyo3::exceptions::PyRuntimeError::new_err(format!("compact arrays: {e}"))
}

/// The block's six arrays, all with one owner that gives the block back to `pool`.
pub fn into_arrays<'py>(
    py: Python<'py>,
    block: Block,
    pool: &Pool,
) -> PyResult<CompactArrays<'py>> {
    let (b, t, l) = block.shape;
    let owner = Bound::new(
        py,
        BlockOwner {
            block,
            pool: pool.clone(),
        },
    )?;
    let this = owner.get();
    let (index, rest) = this.block.ints.split_at(b * t);
    let (num_tokens, rest) = rest.split_at(b);
    let (legal, rest) = rest.split_at(b * l);
    let (num_legal, to_move) = rest.split_at(b);
    let rows = |data, width| ArrayView2::from_shape((b, width), data).map_err(shape_error);
    let column = |data| ArrayView1::from_shape(b, data).map_err(shape_error);
    let base = || owner.clone().into_any();
    // SAFETY: every array's base is `owner`, which owns the block and never touches or
    // reallocates its memory until it is dropped, and numpy drops a base only after the last
    // array (or view) using it.
    unsafe {
        Ok((
            PyArray2::borrow_from_array(&rows(index, t)?, base()),
            PyArray2::borrow_from_array(
                &ArrayView2::from_shape((b, t), &this.block.values[..]).map_err(shape_error)?,
                base(),
            ),
            PyArray1::borrow_from_array(&column(num_tokens)?, base()),
            PyArray2::borrow_from_array(&rows(legal, l)?, base()),
            PyArray1::borrow_from_array(&column(num_legal)?, base()),
            PyArray1::borrow_from_array(&column(to_move)?, base()),
        ))
    }
}
