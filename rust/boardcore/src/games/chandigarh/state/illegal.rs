//! Why an action is illegal, in the reference's words and order: a chance node names the
//! outcomes, a seat's node its status and phase, then the kind of action's own reason.

use super::super::notation::{to_text, Move, CENTRE};
use super::super::render::status;
use super::super::PHASES;
use super::{ChandigarhState, Phase};
use crate::engine::Action;

/// The kind of an action: its notation's first word, but `centre` for a centre build.
fn kind(mv: Move) -> &'static str {
    match mv {
        Move::Step(_) => "step",
        Move::Add(..) => "add",
        Move::Build { mode, .. } if mode == CENTRE => "centre",
        Move::Build { .. } => "build",
        Move::Drive(_) => "drive",
        Move::Design(_) => "design",
        Move::Governor(_) => "governor",
        Move::Redistribute(_) => "redistribute",
        Move::Arrange(_) => "arrange",
        Move::Pawn(_) => "pawn",
        Move::Take(_) => "take",
        Move::Discard(_) => "discard",
        Move::Pick(_) => "pick",
        Move::Exchange(..) => "exchange",
        Move::Craft(..) => "craft",
        Move::Project(_) => "project",
        Move::Mayor(_) => "mayor",
        Move::Logistics => "logistics",
        Move::Score(_) => "score",
        Move::Street(_) => "street",
        Move::Stop => "stop",
        Move::End => "end",
        Move::Pass => "pass",
        Move::Skip => "skip",
        Move::Tile(_) => "tile",
        Move::Reveal(_) => "reveal",
        Move::First(_) => "first",
    }
}

/// The phases a seat's action kind belongs to ("Turn structure").
fn kind_phases(kind: &str) -> &'static [&'static str] {
    match kind {
        "step" | "build" | "drive" | "design" | "governor" | "redistribute" => &["main", "move"],
        "add" => &["main", "add"],
        "centre" | "stop" => &["move"],
        "arrange" => &["arrange"],
        "pawn" => &["relocate"],
        "take" => &["draft-take", "gain", "bonus", "takes"],
        "discard" => &["discard"],
        "pick" => &["draft"],
        "exchange" | "project" | "mayor" | "logistics" => &["main", "add", "after"],
        "craft" => &["craft"],
        "score" => &["final"],
        "street" => &["street", "final"],
        "end" => &["after"],
        "pass" => &["main"],
        "skip" => &["craft", "bonus"],
        _ => &[],
    }
}

impl ChandigarhState {
    /// Why `mv` (not among the legal actions, the game not over) is illegal now.
    pub(super) fn problem(&self, mv: Move) -> String {
        let kind = kind(mv);
        let status = status(self);
        if self.phase.is_chance() {
            if !matches!(kind, "tile" | "reveal" | "first" | "pawn") {
                return format!("this is a chance node ({status}), no seat is to move");
            }
            let mut out = Vec::new();
            self.push_outcomes(&mut out);
            let texts: Vec<String> = out
                .iter()
                .take(8)
                .filter_map(|&(a, _)| super::super::notation::decode(a as Action).ok())
                .map(to_text)
                .collect();
            let more = if out.len() > 8 { ", ..." } else { "" };
            let shown = texts.join(", ");
            return format!(
                "not a possible outcome now ({status}); the outcomes are {shown}{more}"
            );
        }
        let phase = PHASES[self.phase.index()];
        let now = format!("{status} (phase {phase})");
        if matches!(kind, "tile" | "reveal" | "first")
            || (kind == "pawn" && self.phase != Phase::Relocate)
        {
            return format!("{now}; '{kind}' is a chance outcome here");
        }
        if !kind_phases(kind).contains(&phase) {
            let text = to_text(mv);
            let word = text.split(' ').next().unwrap_or_default();
            return format!("{now}; '{word}' is not an action of this phase");
        }
        format!("{now}; not legal in this position")
    }
}
