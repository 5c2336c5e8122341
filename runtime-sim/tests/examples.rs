//! The example kernels of `examples/` on the reference interpreter, against results
//! computed here in plain Rust.

use runtime_sim::{Bindings, Device, Dispatch, Interpreter};

fn program(name: &str) -> il_frontend::Program {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples")
        .join(name);
    let bytes = std::fs::read(&path).unwrap();
    let (p, d, _) = il_frontend::read(&bytes);
    assert!(!d.has_errors(), "{d:?}");
    p.unwrap()
}

fn floats(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn bytes(values: impl IntoIterator<Item = u32>) -> Vec<u8> {
    values.into_iter().flat_map(u32::to_le_bytes).collect()
}

#[test]
fn vector_add_adds() {
    let n = 100u32;
    let a: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
    let b: Vec<f32> = (0..n).map(|i| 1000.0 - i as f32).collect();
    let mut heap = Vec::new();
    heap.extend(bytes(a.iter().map(|x| x.to_bits())));
    heap.extend(bytes(b.iter().map(|x| x.to_bits())));
    heap.extend(vec![0u8; n as usize * 4]);
    let mut bind = Bindings::default();
    bind.uavs.insert(11, heap);
    bind.const_buffers.insert(
        1,
        vec![
            [0, 0, 0, 0],
            [4 * n, 0, 0, 0],
            [8 * n, 0, 0, 0],
            [n, 0, 0, 0],
        ],
    );
    let report = Interpreter::default()
        .run(&program("vector_add.il"), &mut bind, Dispatch::linear(128))
        .unwrap();
    let out = floats(&bind.uavs[&11][8 * n as usize..]);
    for i in 0..n as usize {
        assert_eq!(out[i], a[i] + b[i], "element {i}");
    }
    assert_eq!(report.groups, 2);
    assert_eq!(report.out_of_range.total(), 0);
}
