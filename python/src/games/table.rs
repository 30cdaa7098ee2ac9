//! `Table`: the record batches of a reading, handed to polars, pyarrow or pandas through the
//! Arrow PyCapsule interface (`__arrow_c_stream__`) without a copy, or read row by row as
//! dictionaries without any of them.

use arrow_array::cast::AsArray;
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::types::{Float64Type, Int64Type, UInt16Type, UInt32Type, UInt64Type};
use arrow_array::{Array, RecordBatch, RecordBatchIterator};
use arrow_schema::ffi::FFI_ArrowSchema;
use arrow_schema::{DataType, SchemaRef};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyDict, PyList};

/// The result of `read_games` or `read_stats`: an Arrow table, which `polars.DataFrame(t)`
/// and `pyarrow.table(t)` take without copying its numbers (`to_polars()`, `to_pandas()`);
/// iterating gives each row as a `dict`, with neither installed.
#[pyclass(module = "chess960", frozen)]
#[derive(Debug)]
pub struct Table {
    schema: SchemaRef,
    batches: Vec<RecordBatch>,
}

impl Table {
    /// A table of `batches`, each of `schema`.
    pub fn new(schema: SchemaRef, batches: Vec<RecordBatch>) -> Table {
        Table { schema, batches }
    }
}

#[pymethods]
impl Table {
    /// The Arrow C stream of the table, in a capsule named `arrow_array_stream` (the Arrow
    /// PyCapsule interface). A requested schema is not looked at: the table has one.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        let batches = self.batches.clone().into_iter().map(Ok);
        let reader = RecordBatchIterator::new(batches, self.schema.clone());
        let stream = FFI_ArrowArrayStream::new(Box::new(reader));
        PyCapsule::new_with_value(py, stream, c"arrow_array_stream")
    }

    /// The table as a polars `DataFrame` (`polars.DataFrame(table)`; `polars.from_arrow`
    /// makes a struct `Series` of any Arrow stream).
    fn to_polars<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let polars = slf.py().import("polars")?;
        polars.getattr("DataFrame")?.call1((slf,))
    }

    /// The table as a pandas `DataFrame`, through pyarrow (`pyarrow.table(table).to_pandas()`).
    fn to_pandas<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let pyarrow = slf.py().import("pyarrow")?;
        pyarrow
            .getattr("table")?
            .call1((slf,))?
            .call_method0("to_pandas")
    }

    /// The column names.
    #[getter]
    fn column_names(&self) -> Vec<String> {
        self.schema
            .fields()
            .iter()
            .map(|f| f.name().clone())
            .collect()
    }

    /// The number of rows.
    fn __len__(&self) -> usize {
        self.batches.iter().map(RecordBatch::num_rows).sum()
    }

    /// The number of rows, as pyarrow and polars name it.
    #[getter]
    fn num_rows(&self) -> usize {
        self.__len__()
    }

    /// Each column's name and Arrow type, in order, as Arrow spells the type (`UInt16`,
    /// `Utf8`, `Float64`, `Dictionary(UInt32, Utf8)`): the table's shape without pyarrow.
    #[getter]
    fn schema<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let schema = PyDict::new(py);
        for field in self.schema.fields() {
            schema.set_item(field.name(), field.data_type().to_string())?;
        }
        Ok(schema)
    }

    /// The Arrow C schema of the table, in a capsule named `arrow_schema` (the Arrow
    /// PyCapsule interface): `pyarrow.schema(table)` reads it.
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        let schema = FFI_ArrowSchema::try_from(self.schema.as_ref())
            .map_err(|err| PyValueError::new_err(err.to_string()))?;
        PyCapsule::new_with_value(py, schema, c"arrow_schema")
    }

    /// Every row as a `dict` of Python values (`None` for a null), in order.
    fn to_pylist<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for batch in &self.batches {
            for row in 0..batch.num_rows() {
                list.append(row_dict(py, batch, row)?)?;
            }
        }
        Ok(list)
    }

    /// The rows one at a time, each made when it is asked for.
    fn __iter__(&self) -> TableIter {
        TableIter {
            batches: self.batches.clone(),
            batch: 0,
            row: 0,
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "<chess960.Table: {} rows; {}>",
            self.__len__(),
            self.column_names().join(", ")
        )
    }
}

/// The rows of a table, as `dict`s.
#[pyclass(module = "chess960")]
#[derive(Debug)]
pub struct TableIter {
    batches: Vec<RecordBatch>,
    batch: usize,
    row: usize,
}

#[pymethods]
impl TableIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        while let Some(batch) = self.batches.get(self.batch) {
            if self.row < batch.num_rows() {
                self.row += 1;
                return row_dict(py, batch, self.row - 1).map(Some);
            }
            (self.batch, self.row) = (self.batch + 1, 0);
        }
        Ok(None)
    }
}

/// Row `row` of `batch` as a `dict`.
fn row_dict<'py>(py: Python<'py>, batch: &RecordBatch, row: usize) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (field, column) in batch.schema_ref().fields().iter().zip(batch.columns()) {
        dict.set_item(field.name(), value(py, column.as_ref(), row)?)?;
    }
    Ok(dict)
}

/// The value at `row` of `column` in Python.
fn value<'py>(py: Python<'py>, column: &dyn Array, row: usize) -> PyResult<Bound<'py, PyAny>> {
    if column.is_null(row) {
        return Ok(py.None().into_bound(py));
    }
    Ok(match column.data_type() {
        DataType::UInt16 => column
            .as_primitive::<UInt16Type>()
            .value(row)
            .into_pyobject(py)?
            .into_any(),
        DataType::UInt32 => column
            .as_primitive::<UInt32Type>()
            .value(row)
            .into_pyobject(py)?
            .into_any(),
        DataType::UInt64 => column
            .as_primitive::<UInt64Type>()
            .value(row)
            .into_pyobject(py)?
            .into_any(),
        DataType::Int64 => column
            .as_primitive::<Int64Type>()
            .value(row)
            .into_pyobject(py)?
            .into_any(),
        DataType::Float64 => column
            .as_primitive::<Float64Type>()
            .value(row)
            .into_pyobject(py)?
            .into_any(),
        DataType::Utf8 => column
            .as_string::<i32>()
            .value(row)
            .into_pyobject(py)?
            .into_any(),
        DataType::List(_) => {
            let items = column.as_list::<i32>().value(row);
            let items: PyResult<Vec<_>> = (0..items.len())
                .map(|i| value(py, items.as_ref(), i))
                .collect();
            PyList::new(py, items?)?.into_any()
        }
        DataType::Dictionary(key, _) if **key == DataType::UInt32 => {
            let dictionary = column.as_dictionary::<UInt32Type>();
            let key = dictionary.keys().value(row) as usize;
            dictionary
                .values()
                .as_string::<i32>()
                .value(key)
                .into_pyobject(py)?
                .into_any()
        }
        other => {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "a column of type {other} has no Python value here"
            )));
        }
    })
}
