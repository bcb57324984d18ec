//! Text drawing (`str(state)`), the observation string and the observation tensor
//! (docs/games/prestel_new_york.md, "Text rendering" and "Observation").

use super::state::{Phase, PrestelState};
use super::{MAX_PLAYERS, SLOTS, STACKS, STACK_LETTERS};
use crate::engine::{check_seat, observation_tensor_with, Error, ObservationSink};

const NONE: u8 = u8::MAX;

/// The rendering's first line: the round, the phase and who acts (also quoted by the
/// illegal-action messages).
pub(super) fn status(s: &PrestelState) -> String {
    let seat = s.to_move;
    let r = s.round;
    match s.phase {
        Phase::Setup if s.top == NONE && s.unseen != 0 => "setup: revealing a commission".into(),
        Phase::Setup if s.undealt != 0 => "setup: dealing a part".into(),
        Phase::Setup => {
            let next = s.stones[..s.players()]
                .iter()
                .position(|&k| k == 0)
                .unwrap_or(0);
            format!("setup: seat {next} to draw a stone")
        }
        Phase::Stack => format!("round {r}: seat {seat} to choose a stack"),
        Phase::Search => format!(
            "round {r}: seat {seat} to search stack {}",
            STACK_LETTERS[usize::from(s.taken[seat as usize])]
        ),
        Phase::Tie => format!("round {r}: breaking a tie"),
        Phase::Stone => format!("round {r}: seat {seat} to choose a stone"),
        Phase::Build => format!("round {r}: seat {seat} to build or slide"),
        Phase::Refill => format!("round {r}: revealing a commission"),
        Phase::End => {
            let winners: Vec<String> = (0..s.players())
                .filter(|&p| s.winners & (1 << p) != 0)
                .map(|p| p.to_string())
                .collect();
            format!("game over after round {r}: winners {}", winners.join(" "))
        }
    }
}

fn parts_text(s: &PrestelState, parts: impl Iterator<Item = u8>) -> String {
    let names: Vec<&str> = parts
        .map(|p| s.cfg.data.part_names[usize::from(p)].as_str())
        .collect();
    names.join(" ")
}

/// The text drawing; `observer` leaves out what that seat does not see.
pub fn render(s: &PrestelState, observer: Option<usize>) -> String {
    let data = &s.cfg.data;
    let mut lines = vec![status(s)];
    for slot in 0..SLOTS {
        let c = s.table[slot];
        if c == NONE {
            lines.push(format!("slot {}: empty", slot + 1));
        } else {
            let size = usize::from(data.size[usize::from(c)]);
            let marks: Vec<String> = s.built[slot][..size]
                .iter()
                .map(|&b| if b == NONE { ".".into() } else { b.to_string() })
                .collect();
            lines.push(format!(
                "slot {}: {} [{}]",
                slot + 1,
                data.slugs[usize::from(c)],
                marks.join(" ")
            ));
        }
    }
    let top = if s.top == NONE {
        "none"
    } else {
        data.slugs[usize::from(s.top)].as_str()
    };
    let mut deck = format!("deck: top {top}, {} unseen", s.unseen.count_ones());
    if !s.tail().is_empty() {
        let tail: Vec<&str> = s
            .tail()
            .iter()
            .map(|&c| data.slugs[usize::from(c)].as_str())
            .collect();
        deck += &format!(", then {}", tail.join(" "));
    }
    lines.push(deck);
    if s.completed().is_empty() {
        lines.push("completed: none".into());
    } else {
        let done: Vec<&str> = s
            .completed()
            .iter()
            .map(|&c| data.slugs[usize::from(c)].as_str())
            .collect();
        lines.push(format!("completed: {}", done.join(" ")));
    }
    for (i, letter) in STACK_LETTERS.iter().enumerate() {
        let stack = s.stack(i);
        lines.push(if stack.is_empty() {
            format!("stack {letter}: empty")
        } else if observer.is_some() {
            format!("stack {letter}: size {}", stack.len())
        } else {
            format!("stack {letter}: {}", parts_text(s, stack.iter().copied()))
        });
    }
    for p in 0..s.players() {
        let stone = match s.stones[p] {
            0 => "-".to_string(),
            k => k.to_string(),
        };
        let mut line = format!("seat {p}: stone {stone}, chips {}, ", s.chips[p]);
        let sees = observer.map_or(true, |o| o == p);
        if sees {
            if s.hands[p] == 0 {
                line += "hand -";
            } else {
                line += &format!("hand {}", parts_text(s, PrestelState::parts_of(s.hands[p])));
            }
        } else {
            line += &format!("hand size {}", s.hands[p].count_ones());
        }
        if s.taken[p] != NONE {
            line += &format!(", took {}", STACK_LETTERS[usize::from(s.taken[p])]);
        }
        if sees && s.looked[p] > 0 {
            line += &format!(", looked {}", s.looked[p]);
        }
        if s.new_stones[p] != 0 {
            line += &format!(", new stone {}", s.new_stones[p]);
        }
        lines.push(line);
    }
    if !s.finish().is_empty() {
        let seats: Vec<String> = s.finish().iter().map(u8::to_string).collect();
        lines.push(format!("finish: {}", seats.join(" ")));
    }
    if let Some(o) = observer {
        let entries: Vec<String> = (0..data.parts())
            .filter(|&part| s.mem_stack[o][part] != 0)
            .map(|part| {
                format!(
                    "{} {}{}",
                    data.part_names[part],
                    STACK_LETTERS[usize::from(s.mem_stack[o][part] - 1)],
                    s.mem_depth[o][part]
                )
            })
            .collect();
        if entries.is_empty() {
            lines.push("memory: none".into());
        } else {
            lines.push(format!("memory: {}", entries.join(", ")));
        }
        lines.push(format!("observer: seat {o}"));
    }
    lines.join("\n")
}

pub fn observation_string(s: &PrestelState, player: usize) -> Result<String, Error> {
    check_seat(player, s.players())?;
    Ok(render(s, Some(player)))
}

pub fn observation_tensor(s: &PrestelState, player: usize, out: &mut [f32]) -> Result<(), Error> {
    let size = s.cfg.layout.observation_size();
    observation_tensor_with(s.players(), player, out, size, |o| {
        write_observation(s, player, o)
    })
}

observation_tokens_from_writer!(PrestelState);

/// Sets the entries of the observation that may be nonzero, each once.
fn write_observation<O: ObservationSink + ?Sized>(s: &PrestelState, player: usize, out: &mut O) {
    let data = &s.cfg.data;
    let n = s.players();
    let (parts, comms) = (data.parts(), data.commissions());
    let rel = |seat: u8| (usize::from(seat) + n - player) % n;
    let at_mem = |part: usize| 14 * part + 8;
    // Parts: hand, built on the table or completed, builder, memory.
    for part in PrestelState::parts_of(s.hands[player]) {
        out.set(14 * usize::from(part), 1.0);
    }
    // A built part is on a commission in a slot until that commission is completed.
    for part in 0..parts {
        let b = s.builder[part];
        if b != NONE {
            let at = 14 * part;
            let on_table = (s.on_table >> part & 1) as usize;
            out.set(at + 2 - on_table, 1.0);
            out.set(at + 3 + rel(b), 1.0);
        }
        let stack = s.mem_stack[player][part];
        if stack != 0 {
            out.set(at_mem(part) + usize::from(stack - 1), 1.0);
            out.set(
                14 * part + 13,
                f32::from(s.mem_depth[player][part]) / parts as f32,
            );
        }
    }
    // Commissions.
    let base = 14 * parts;
    for slot in 0..SLOTS {
        if s.table[slot] != NONE {
            out.set(base + 8 * usize::from(s.table[slot]) + slot, 1.0);
        }
    }
    if s.top != NONE {
        out.set(base + 8 * usize::from(s.top) + 4, 1.0);
    }
    for (i, &c) in s.tail().iter().enumerate() {
        out.set(base + 8 * usize::from(c) + 5, 1.0);
        out.set(base + 8 * usize::from(c) + 6, (i + 1) as f32 / comms as f32);
    }
    for &c in s.completed() {
        out.set(base + 8 * usize::from(c) + 7, 1.0);
    }
    // Seats, relative to the observer.
    let base = 14 * parts + 8 * comms;
    for seat in 0..n {
        let at = base + 22 * rel(seat as u8);
        out.set(at, f32::from(s.chips[seat]) / f32::from(data.win_chips));
        if s.stones[seat] != 0 {
            out.set(at + usize::from(s.stones[seat]), 1.0);
        }
        out.set(at + 6, s.hands[seat].count_ones() as f32 / 3.0);
        if s.taken[seat] != NONE {
            out.set(at + 7 + usize::from(s.taken[seat]), 1.0);
        }
        if let Some(place) = s.finish().iter().position(|&f| usize::from(f) == seat) {
            out.set(at + 12 + place, 1.0);
        }
        if s.new_stones[seat] != 0 {
            out.set(at + 16 + usize::from(s.new_stones[seat]), 1.0);
        }
    }
    // Globals.
    let base = base + 22 * MAX_PLAYERS;
    for i in 0..STACKS {
        out.set(base + i, f32::from(s.stack_len[i]) / parts as f32);
    }
    out.set(base + 5 + s.phase.index(), 1.0);
    if s.to_move >= 0 {
        out.set(base + 13 + rel(s.to_move as u8), 1.0);
    }
    out.set(base + 18, f32::from(s.looked[player]) / parts as f32);
    out.set(base + 19, s.round as f32);
    out.set(base + 20, s.unseen.count_ones() as f32 / comms as f32);
}
