//! The text form of the IR (`ilc compile --emit ir`): blocks nested as the region tree
//! nests them, one instruction per line, `v7:f32 = mul v3, v5`.

use std::fmt::{self, Write};

use il_frontend::opcode::Opcode;

use super::{BlockCall, DstKind, Function, IlOp, Input, Node, Op, Region, Terminator, Type, Value};

const COMPONENTS: [char; 4] = ['x', 'y', 'z', 'w'];

impl fmt::Display for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        out.push_str("kernel {\n");
        print_region(self, &self.body, 0, &mut out);
        out.push_str("}\n");
        f.write_str(&out)
    }
}

fn indent(depth: usize, out: &mut String) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn print_region(func: &Function, region: &Region, depth: usize, out: &mut String) {
    for node in &region.nodes {
        match node {
            Node::Block(b) => {
                let data = &func.blocks[*b];
                indent(depth, out);
                let _ = write!(out, "{b}");
                if !data.params.is_empty() {
                    out.push('(');
                    for (i, &p) in data.params.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        let _ = write!(out, "{p}:{}", func.ty(p));
                    }
                    out.push(')');
                }
                out.push_str(":\n");
                for &inst in &data.insts {
                    indent(depth + 1, out);
                    print_inst(func, inst, out);
                    out.push('\n');
                }
                indent(depth + 1, out);
                print_terminator(&data.term, out);
                out.push('\n');
            }
            Node::If(i) => {
                indent(depth, out);
                out.push_str("if {\n");
                print_region(func, &i.then_, depth + 1, out);
                indent(depth, out);
                out.push_str("} else {\n");
                print_region(func, &i.else_, depth + 1, out);
                indent(depth, out);
                out.push_str("}\n");
            }
            Node::Loop(l) => {
                indent(depth, out);
                out.push_str("loop {\n");
                print_region(func, &l.body, depth + 1, out);
                indent(depth, out);
                out.push_str("}\n");
            }
        }
    }
}

fn print_call(call: &BlockCall, out: &mut String) {
    let _ = write!(out, "{}", call.block);
    if !call.args.is_empty() {
        out.push('(');
        print_values(&call.args, out);
        out.push(')');
    }
}

fn print_values(values: &[Value], out: &mut String) {
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{v}");
    }
}

fn print_terminator(term: &Terminator, out: &mut String) {
    match term {
        Terminator::Jump(c) => {
            out.push_str("jump ");
            print_call(c, out);
        }
        Terminator::Branch { cond, then_, else_ } => {
            let _ = write!(out, "branch {cond}, ");
            print_call(then_, out);
            out.push_str(", ");
            print_call(else_, out);
        }
        Terminator::Return => out.push_str("return"),
        Terminator::Unreachable => out.push_str("unreachable"),
    }
}

/// One instruction as the printer shows it.
pub fn inst_to_string(func: &Function, inst: super::Inst) -> String {
    let mut s = String::new();
    print_inst(func, inst, &mut s);
    s
}

fn print_inst(func: &Function, inst: super::Inst, out: &mut String) {
    let data = &func.insts[inst];
    if !data.results.is_empty() {
        for (i, &r) in data.results.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "{r}:{}", func.ty(r));
        }
        out.push_str(" = ");
    }
    out.push_str(&data.op.name());
    let ty = data.results.first().map(|&r| func.ty(r));
    match &data.op {
        Op::Const(bits) => print_const(*bits, ty, out),
        Op::Alu(a) => {
            print_fields(a.opcode, a.control, &Default::default(), &[], out);
            if a.comp != 0 {
                let _ = write!(out, ".{}", COMPONENTS[a.comp as usize & 3]);
            }
        }
        Op::Input(i) => {
            out.push(' ');
            print_input(*i, out);
        }
        Op::CbLoad {
            buffer,
            offset,
            comp,
        } => {
            let _ = write!(out, " cb{buffer}[{offset}");
            print_index_arg(&data.args, out);
            let _ = write!(out, "].{}", COMPONENTS[*comp as usize & 3]);
            return;
        }
        Op::IcbLoad { offset, comp } => {
            let _ = write!(out, " icb[{offset}");
            print_index_arg(&data.args, out);
            let _ = write!(out, "].{}", COMPONENTS[*comp as usize & 3]);
            return;
        }
        Op::PrivateLoad {
            array,
            offset,
            comp,
        }
        | Op::PrivateStore {
            array,
            offset,
            comp,
        } => {
            let _ = write!(
                out,
                " x{array}[{offset} + {}].{}",
                data.args[0],
                COMPONENTS[*comp as usize & 3]
            );
            if let Some(v) = data.args.get(1) {
                let _ = write!(out, ", {v}");
            }
            return;
        }
        Op::GlobalLoad { offset, comp } | Op::GlobalStore { offset, comp } => {
            let _ = write!(out, " g[{offset}");
            let index_args = if matches!(data.op, Op::GlobalStore { .. }) {
                &data.args[..data.args.len().saturating_sub(1)]
            } else {
                &data.args[..]
            };
            print_index_arg(index_args, out);
            let _ = write!(out, "].{}", COMPONENTS[*comp as usize & 3]);
            if let (Op::GlobalStore { .. }, Some(v)) = (&data.op, data.args.last()) {
                let _ = write!(out, ", {v}");
            }
            return;
        }
        Op::Output { reg, comp } => {
            let _ = write!(out, " o{reg}.{},", COMPONENTS[*comp as usize & 3]);
        }
        Op::SharedLoad { reg, comp } => {
            let _ = write!(out, " sr{reg}.{}", COMPONENTS[*comp as usize & 3]);
        }
        Op::SharedStore { reg, comp } => {
            let _ = write!(out, " sr{reg}.{},", COMPONENTS[*comp as usize & 3]);
        }
        Op::Il(il) => print_il(il, out),
        _ => {}
    }
    if !data.args.is_empty() {
        out.push(' ');
        print_values(&data.args, out);
    }
}

fn print_index_arg(args: &[Value], out: &mut String) {
    if let Some(v) = args.first() {
        let _ = write!(out, " + {v}");
    }
}

fn print_const(bits: u64, ty: Option<Type>, out: &mut String) {
    match ty {
        Some(Type::F32) => {
            let _ = write!(out, " {:?} (0x{:08x})", f32::from_bits(bits as u32), bits);
        }
        Some(Type::F64) => {
            let _ = write!(out, " {:?} (0x{:016x})", f64::from_bits(bits), bits);
        }
        Some(Type::Bool) => out.push_str(if bits != 0 { " true" } else { " false" }),
        Some(Type::I64) => {
            let _ = write!(out, " 0x{bits:016x}");
        }
        _ => {
            let _ = write!(out, " 0x{:08x}", bits as u32);
        }
    }
}

fn print_input(input: Input, out: &mut String) {
    let comp = |c: u8| COMPONENTS[c as usize & 3];
    let _ = match input {
        Input::ThreadIdInGroup(c) => write!(out, "vTid.{}", comp(c)),
        Input::ThreadIdInGroupFlat => write!(out, "vTidInGrpFlat"),
        Input::AbsoluteThreadId(c) => write!(out, "vAbsTid.{}", comp(c)),
        Input::AbsoluteThreadIdFlat => write!(out, "vAbsTidFlat"),
        Input::ThreadGroupId(c) => write!(out, "vThreadGrpId.{}", comp(c)),
        Input::ThreadGroupIdFlat => write!(out, "vThreadGrpIdFlat"),
        Input::Pixel { reg, comp: c } => write!(out, "v{reg}.{}", comp(c)),
        Input::Position(c) => write!(out, "position.{}", comp(c)),
        Input::Face => write!(out, "vFace"),
        Input::PrimitiveId => write!(out, "vPrimId"),
        Input::PixelIndex => write!(out, "vObjIndex"),
        Input::WaveId => write!(out, "wave_id"),
    };
}

/// Non-zero control fields as `_name(value)`.
fn print_fields(
    opcode: Opcode,
    control: u16,
    extra: &il_frontend::ast::ExtraTokens,
    words: &[u32],
    out: &mut String,
) {
    for field in opcode.info().fields {
        if let Some(v) = field.value_in(control, extra, words) {
            if v != 0 || field.always {
                let _ = write!(out, "_{}({v})", field.name);
            }
        }
    }
}

fn print_il(il: &IlOp, out: &mut String) {
    print_fields(il.opcode, il.control, &il.extra, &il.words, out);
    let masks: Vec<String> = il.srcs.iter().map(|&m| mask_text(m)).collect();
    let _ = write!(out, " [{}]", masks.join(","));
    match il.dst {
        DstKind::None => {}
        DstKind::Memory(m) => {
            let _ = write!(out, " mem.{}", mask_text(m));
        }
        DstKind::Values(m) => {
            let _ = write!(out, " ->{}", mask_text(m));
        }
    }
}

fn mask_text(mask: u8) -> String {
    (0..4)
        .map(|c| {
            if mask >> c & 1 != 0 {
                COMPONENTS[c]
            } else {
                '_'
            }
        })
        .collect()
}
