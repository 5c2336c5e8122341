//! The root crate's Cayman target glue (`src/targets/cayman.rs`), compiled here too so
//! that it is tested with the backend: IL programs compiled and run on the device model,
//! compared with the reference interpreter.

use ilc::targets::cayman;

use runtime_sim::{Bindings, Device, Dispatch, Interpreter};

fn parse(text: &str) -> il_frontend::Program {
    let (p, diags, _) = il_frontend::read(text.as_bytes());
    p.unwrap_or_else(|| panic!("{diags:?}"))
}

fn both(text: &str, bindings: &Bindings, dispatch: Dispatch) -> (Bindings, Bindings) {
    let p = parse(text);
    let mut a = bindings.clone();
    Interpreter {
        step_limit: 1_000_000,
    }
    .run(&p, &mut a, dispatch)
    .expect("interpreter");
    let mut b = bindings.clone();
    cayman::device(1_000_000)
        .run(&p, &mut b, dispatch)
        .unwrap_or_else(|e| {
            let asm = cayman::compile(&p, &midend::Options::default())
                .map(|c| c.asm)
                .unwrap_or_default();
            panic!("cayman: {e}\n{asm}")
        });
    (a, b)
}

fn floats(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|f| f.to_le_bytes()).collect()
}

#[test]
fn vector_add_matches_the_interpreter() {
    let text = include_str!("../../examples/vector_add.il");
    let n = 200u32;
    let a: Vec<f32> = (0..256).map(|i| i as f32 * 0.5).collect();
    let b: Vec<f32> = (0..256).map(|i| 100.0 - i as f32).collect();
    let mut mem = floats(&a);
    mem.extend(floats(&b));
    mem.extend(vec![0u8; 1024]);
    let mut bindings = Bindings::default();
    bindings.uavs.insert(11, mem);
    bindings.const_buffers.insert(
        1,
        vec![[0, 0, 0, 0], [1024, 0, 0, 0], [2048, 0, 0, 0], [n, 0, 0, 0]],
    );
    let (r, c) = both(text, &bindings, Dispatch::linear(256));
    assert_eq!(r.uavs[&11], c.uavs[&11]);
    let out = &c.uavs[&11][2048..];
    for i in 0..256usize {
        let v = f32::from_le_bytes([out[4 * i], out[4 * i + 1], out[4 * i + 2], out[4 * i + 3]]);
        let want = if (i as u32) < n { a[i] + b[i] } else { 0.0 };
        assert_eq!(v, want, "element {i}");
    }
}
