//! Where a line of the IL reference stands: its chapter, section and instruction entry.
//!
//! ilc's diagnostics and comments name the reference by line (`L4209` is a line of
//! `../shared/spec/amd-il-reference.txt`), which a user with the published PDF cannot look
//! up. [`cite_lines`] rewrites every such mention in a diagnostic into the section and the
//! instruction, `(IL reference 7.3, DCL_NUM_THREAD_PER_GROUP)`; `docs/decisions.md` keeps the
//! lines. The table is generated from the reference by `il-frontend/tests/spec_index.rs`,
//! which fails when it is stale.

use crate::spec_index_table::{ENTRIES, SECTIONS};

/// The heading (`7.2.10.2 LDS Programming Model`, `Chapter 7`, `Appendix C`) that `line`
/// stands under, and the instruction entry (`DCL_NUM_THREAD_PER_GROUP`) if it is inside one.
pub fn locate(line: u32) -> Option<(&'static str, Option<&'static str>)> {
    let before = |table: &'static [(u32, &'static str)]| {
        let i = table.partition_point(|&(l, _)| l <= line);
        i.checked_sub(1).map(|i| table[i])
    };
    let (section_line, section) = before(SECTIONS)?;
    // An entry belongs to the section it starts in: one before the heading is another's.
    let entry = before(ENTRIES)
        .filter(|&(l, _)| l >= section_line)
        .map(|(_, e)| e);
    Some((section, entry))
}

/// How a diagnostic cites reference line `line`: `IL reference 4.1 Shader Requirements`, or
/// with the entry, `IL reference 7.3, DCL_NUM_THREAD_PER_GROUP`.
pub fn cite(line: u32) -> Option<String> {
    let (section, entry) = locate(line)?;
    Some(match entry {
        Some(e) => {
            let number = section.split(' ').next().unwrap_or(section);
            format!("IL reference {number}, {e}")
        }
        None => format!("IL reference {section}"),
    })
}

/// `text` with every mention of a reference line (`L4209`, `L3287-L3406`, `L7523-7554`)
/// replaced by [`cite`]'s words; a range by its first line. Lines the table does not
/// cover, and anything else, are left as they are.
pub fn cite_lines(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        if bytes[i] == b'L' && starts_word {
            let digits = bytes[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if (3..=5).contains(&digits) {
                let mut end = i + 1 + digits;
                let number: u32 = text[i + 1..end].parse().unwrap_or(0);
                // A range: `-L7554` or `-7554`.
                let rest = &bytes[end..];
                if rest.first() == Some(&b'-') {
                    let skip = 1 + usize::from(rest.get(1) == Some(&b'L'));
                    let more = rest[skip.min(rest.len())..]
                        .iter()
                        .take_while(|b| b.is_ascii_digit())
                        .count();
                    if more > 0 {
                        end += skip + more;
                    }
                }
                let ends_word = bytes.get(end).is_none_or(|b| !b.is_ascii_alphanumeric());
                if let (true, Some(words)) = (ends_word, cite(number)) {
                    out.push_str(&words);
                    i = end;
                    continue;
                }
            }
        }
        let len = text[i..].chars().next().map_or(1, char::len_utf8);
        out.push_str(&text[i..i + len]);
        i += len;
    }
    // Citations in a row name the reference once: `(IL reference 7.5, X; Appendix C)`.
    out.replace(", IL reference ", "; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_sorted_by_line() {
        for table in [SECTIONS, ENTRIES] {
            assert!(table.windows(2).all(|w| w[0].0 < w[1].0));
        }
    }

    #[test]
    fn mentions_of_lines_become_sections_and_entries() {
        // L1160: "exactly one `end`" in 4.1; L4209: the entry of dcl_num_thread_per_group.
        assert_eq!(
            cite(1160).as_deref(),
            Some("IL reference 4.1 Shader Requirements")
        );
        let text = cite_lines("`end` as the last instruction (L1160)");
        assert_eq!(
            text,
            "`end` as the last instruction (IL reference 4.1 Shader Requirements)"
        );
        let c = cite(4209).unwrap();
        assert!(c.ends_with(", DCL_NUM_THREAD_PER_GROUP"), "{c}");
        // Ranges cite their first line; words that only look like lines stay.
        assert_eq!(
            cite_lines("(L3287-L3406)"),
            format!("({})", cite(3287).unwrap())
        );
        assert_eq!(
            cite_lines("(L7523-7554)"),
            format!("({})", cite(7523).unwrap())
        );
        let two = cite_lines("(L4152, L11454)");
        assert_eq!(two.matches("IL reference").count(), 1, "{two}");
        assert!(two.contains("; Appendix"), "{two}");
        for keep in ["LDS", "L2", "XL1160", "L1160x", "L123456", "I-29"] {
            assert_eq!(cite_lines(keep), keep);
        }
        // Before the first heading there is nothing to cite.
        assert_eq!(cite_lines("L100"), "L100");
    }
}
