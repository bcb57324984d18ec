//! Text rendering and observations (docs/games/chandigarh.md, "Observation", "Text
//! rendering"). Nothing is hidden but the deck's order, which the state does not hold.
// Colours, seats and sectors index parallel fixed arrays; index loops read best here.
#![allow(clippy::needless_range_loop)]

use std::fmt;

use super::geom::SLOTS;
use super::json::flow_index;
use super::notation::{junction_text, slot_text};
use super::state::{ChandigarhState, Phase};
use super::{COLOURS, OBSERVATION_SIZE, STREETS};
use crate::engine::{check_seat, observation_tensor_with, Error, ObservationSink};

pub fn observation_tensor(
    s: &ChandigarhState,
    player: usize,
    out: &mut [f32],
) -> Result<(), Error> {
    observation_tensor_with(s.players(), player, out, OBSERVATION_SIZE, |o| {
        write_observation(s, player, o)
    })
}

observation_tokens_from_writer!(ChandigarhState);

/// Sets the entries of the observation that may be nonzero, each once.
fn write_observation<O: ObservationSink + ?Sized>(s: &ChandigarhState, player: usize, out: &mut O) {
    let n = s.players();
    for slot in 0..SLOTS {
        if s.city[slot] >= 0 {
            out.set(slot * 4 + s.city[slot] as usize, 1.0);
        }
    }
    for c in 0..4 {
        out.set(768 + c, f32::from(s.general[c]) / 18.0);
    }
    for r in 0..n {
        let p = (player + r) % n;
        let base = 772 + 96 * r;
        for c in 0..4 {
            out.set(base + c, f32::from(s.reserves[p][c]) / 6.0);
            if s.tokens[p] & (1 << c) != 0 {
                out.set(base + 5 + c, 1.0);
            }
        }
        out.set(base + 4, s.pp[p] as f32 / 100.0);
        out.set(base + 9, f32::from(s.placed[p]) / 5.0);
        out.set(base + 10 + usize::from(s.architects[p]), 1.0);
        for &k in s.projects[p].iter() {
            out.set(base + 59 + usize::from(k), 1.0);
        }
        if s.start == p as i8 {
            out.set(base + 95, 1.0);
        }
    }
    for &k in s.row.iter() {
        out.set(1156 + usize::from(k), 1.0);
    }
    for c in 0..4 {
        let t = s.pawns[c];
        out.set(1192 + 17 * c + if t >= 0 { t as usize } else { 16 }, 1.0);
    }
    for t in 0..16 {
        let sup = s.supervisors[t];
        if sup >= 0 {
            out.set(1260 + 4 * t + (sup as usize + n - player) % n, 1.0);
        }
    }
    for c in 0..4 {
        if s.used & (1 << c) != 0 {
            out.set(1324 + c, 1.0);
        }
    }
    out.set(1328 + s.phase.index(), 1.0);
    out.set(1346, f32::from(s.steps) / 7.0);
    out.set(1347, f32::from(s.here) / 2.0);
    if s.last >= 0 {
        out.set(1348 + s.last as usize, 1.0);
    }
    out.set(1352, f32::from(u8::from(s.ending)));
    out.set(1353, s.deck_size() as f32 / 36.0);
    out.set(1354, f32::from(s.todo) / 4.0);
    for c in 0..4 {
        out.set(1355 + c, f32::from(s.gained[c]) / 4.0);
    }
    let flow = flow_index(s.flow);
    if flow > 0 {
        out.set(1359 + flow - 1, 1.0);
    }
    out.set(1364 + usize::from(s.bonus), 1.0);
    if s.relocate >= 0 {
        out.set(1367 + s.relocate as usize, 1.0);
    }
    for c in 0..4 {
        out.set(1371 + c, f32::from(s.arrange[c]) / 8.0);
    }
    out.set(1375, f32::from(s.turn) / 100.0);
    out.set(1376, f32::from(s.takes) / 2.0);
    out.set(1377, f32::from(u8::from(s.score >= 0)));
    out.set(1379, 1.0);
}

pub(super) fn status(s: &ChandigarhState) -> String {
    let seat = format!("turn {}: seat {}", s.turn, s.seat);
    match s.phase {
        Phase::Setup => "setup".into(),
        Phase::Draft => format!("{seat} to draft"),
        Phase::DraftTake | Phase::Takes => format!("{seat} to take buildings"),
        Phase::Main => format!("{seat} to play"),
        Phase::Move => format!("{seat} to move ({} steps left)", s.steps),
        Phase::Add => format!("{seat} to add a card"),
        Phase::Gain => format!("{seat} to take an any building"),
        Phase::Craft => format!("{seat} to craft"),
        Phase::Street => format!("{seat} to choose a street"),
        Phase::After => format!("{seat} to use a specialist or end"),
        Phase::Arrange => format!("{seat} to arrange sector {}", s.sector),
        Phase::Relocate => format!(
            "{seat} to relocate the {} pawn",
            COLOURS[s.relocate as usize]
        ),
        Phase::Bonus => format!("{seat} to take a bonus building"),
        Phase::Discard => format!("{seat} to discard"),
        Phase::Reveal => format!("turn {}: revealing cards", s.turn),
        Phase::Final => format!("final scoring: seat {} to score a card", s.seat),
        Phase::End => {
            let winner = (0..s.players())
                .find(|&p| crate::engine::GameState::winners_mask(s) & (1 << p) != 0)
                .map_or("-".to_string(), |p| p.to_string());
            format!("game over: winner {winner}")
        }
    }
}

fn words<T: ToString>(items: impl IntoIterator<Item = T>) -> String {
    let v: Vec<String> = items.into_iter().map(|x| x.to_string()).collect();
    if v.is_empty() {
        "-".into()
    } else {
        v.join(" ")
    }
}

pub fn render(s: &ChandigarhState) -> String {
    let d = &s.cfg.data;
    let mut lines = vec![status(s)];
    let mut streets: Vec<String> = Vec::new();
    for place in 0..7 {
        let name = if place < 6 {
            STREETS[place]
        } else {
            "perimeter"
        };
        let t = s.streets[place];
        if t < 0 {
            streets.push(format!("{name} -"));
        } else {
            let (v, tie) = d.streets[t as usize];
            streets.push(format!("{name} {v}({tie})"));
        }
    }
    lines.push(format!("streets: {}", streets.join(" ")));
    let row = if s.row.is_empty() {
        "empty".to_string()
    } else {
        words(s.row.iter())
    };
    lines.push(format!("row: {row}; deck {}", s.deck_size()));
    lines.push(format!(
        "general: y {} b {} r {} g {}",
        s.general[0], s.general[1], s.general[2], s.general[3]
    ));
    if s.cfg.specialists.is_some() {
        let pawns: Vec<String> = (0..4)
            .map(|c| {
                let t = s.pawns[c];
                let at = if t < 0 {
                    "-".to_string()
                } else {
                    t.to_string()
                };
                format!("{} {at}", COLOURS[c])
            })
            .collect();
        lines.push(format!("pawns: {}", pawns.join(" ")));
    }
    for p in 0..s.players() {
        let r = &s.reserves[p];
        lines.push(format!(
            "seat {p}: {} PP, reserve y{} b{} r{} g{}, project {}, at {}, tokens {}, supervises {}",
            s.pp[p],
            r[0],
            r[1],
            r[2],
            r[3],
            words(s.projects[p].iter()),
            junction_text(s.architects[p]),
            words(
                (0..4)
                    .filter(|c| s.tokens[p] & (1 << c) != 0)
                    .map(|c| COLOURS[c])
            ),
            words((0..16).filter(|&t| s.supervisors[t] == p as i8)),
        ));
    }
    let city: Vec<String> = (0..SLOTS)
        .filter(|&slot| s.city[slot] >= 0)
        .map(|slot| {
            format!(
                "{} {}",
                slot_text(slot as u8),
                COLOURS[s.city[slot] as usize]
            )
        })
        .collect();
    lines.push(if city.is_empty() {
        "city: empty".into()
    } else {
        format!("city: {}", city.join(", "))
    });
    lines.join("\n")
}

pub fn observation_string(s: &ChandigarhState, player: usize) -> Result<String, Error> {
    check_seat(player, s.players())?;
    Ok(format!("{}\nobserver: seat {player}", render(s)))
}

impl fmt::Display for ChandigarhState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&render(self))
    }
}
