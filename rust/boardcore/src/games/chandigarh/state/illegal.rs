//! Why an action is illegal, in the reference's words and order: a chance node names the
//! outcomes, a seat's node its status and phase, then the kind of action's own reason.

use super::super::geom::{Slots, NONE};
use super::super::notation::{
    junction_text, slot_text, to_text, Move, CENTRE, DRAUGHTSMAN, ENGINEER, MANAGER, PLAIN,
    REPLACE, SURVEYOR,
};
use super::super::render::status;
use super::super::{Ability, COLOURS, PHASES, SIDES};
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
        self.reason(mv)
            .unwrap_or_else(|| format!("{now}; not legal in this position"))
    }

    /// Why a specialist's action or build may not be used now, or `None`.
    fn specialist_problem(&self, ability: Ability) -> Option<String> {
        let (slug, colour) = (ability.slug(), ability.colour());
        if self.in_play & (1 << ability.index()) == 0 {
            return Some(format!("the {slug} is not in play"));
        }
        if self.tokens[self.s()] & (1 << colour) == 0 {
            return Some(format!("seat {} has no token of the {slug}", self.seat));
        }
        if self.used & (1 << colour) != 0 {
            return Some(format!(
                "the {slug} was already used this turn, or gained with no step left"
            ));
        }
        None
    }

    /// The reason of `mv`'s own kind, or `None` for the generic one.
    fn reason(&self, mv: Move) -> Option<String> {
        let seat = self.seat;
        let s = self.s();
        let reserve = self.reserves[s];
        let junction = self.architects[s];
        let in_main = self.phase == Phase::Main;
        let cannot_end = || in_main && !self.can_finish(self.others(), junction, self.escapes());
        let ruling9 = || Some("the architect could not end its turn from here (ruling 9)".into());
        let row = || {
            let cards: Vec<String> = self.row.iter().map(u8::to_string).collect();
            format!("[{}]", cards.join(", "))
        };
        let specialist = match mv {
            Move::Drive(_) => Some(Ability::Driver),
            Move::Design(_) => Some(Ability::ParkDesigner),
            Move::Governor(_) => Some(Ability::Governor),
            Move::Redistribute(_) => Some(Ability::HeadArchitect),
            Move::Exchange(..) => Some(Ability::CommercialManager),
            Move::Project(_) => Some(Ability::ProjectManager),
            Move::Mayor(_) => Some(Ability::Mayor),
            Move::Logistics => Some(Ability::LogisticsManager),
            _ => None,
        };
        if let Some(problem) = specialist.and_then(|a| self.specialist_problem(a)) {
            return Some(problem);
        }
        let table = |text: &str| Some(text.to_string());
        match mv {
            Move::Step(d) => {
                if self.steps == 0 {
                    return table("no steps left this turn");
                }
                if self.last >= 0 && d == (self.last as u8 + 2) % 4 {
                    let side = SIDES[self.last as usize];
                    return Some(format!(
                        "no backtracking: the previous step went {side} (ruling 8)"
                    ));
                }
                if self.cfg.geom.step[usize::from(junction)][usize::from(d)] == NONE {
                    let (side, from) = (SIDES[usize::from(d)], junction_text(junction));
                    return Some(format!("no street section leads {side} from {from}"));
                }
                table("the architect could not end its turn after that step (ruling 9)")
            }
            Move::Add(k, _) => Some(format!("card {k} is not in the row {}", row())),
            Move::Build { mode, colour, slot } => {
                let name = COLOURS[usize::from(colour)];
                if reserve[usize::from(colour)] == 0 {
                    return Some(format!("seat {seat} has no {name} building in its reserve"));
                }
                let by = match mode {
                    PLAIN => None,
                    REPLACE => Some(Ability::BuildingAssistant),
                    MANAGER => Some(Ability::BuildingManager),
                    SURVEYOR => Some(Ability::Surveyor),
                    ENGINEER => Some(Ability::ParkEngineer),
                    DRAUGHTSMAN => Some(Ability::Draughtsman),
                    _ => Some(Ability::SectorManager),
                };
                if let Some(problem) = by.and_then(|a| self.specialist_problem(a)) {
                    return Some(problem);
                }
                if mode != DRAUGHTSMAN && !self.step_build_open() {
                    return table(
                        "no step build is open: a build needs a step to the junction (ruling 10)",
                    );
                }
                if cannot_end() {
                    return ruling9();
                }
                let text = slot_text(slot);
                let mut one = Slots([0; 3]);
                one.insert(slot);
                let sector = usize::from(slot / 12);
                if slot % 3 != 2 && self.cfg.geom.sector_plot_bits[sector].and(one).is_empty() {
                    return Some(format!("sector {sector} has no plot {text}"));
                }
                let occupied = self.city[usize::from(slot)] >= 0;
                if mode == REPLACE && !occupied {
                    return Some(format!(
                        "{text} is vacant: a replace needs an occupied plot"
                    ));
                }
                if mode != REPLACE && occupied {
                    return Some(format!("{text} is occupied"));
                }
                Some(format!("{text} is not a slot this build can reach"))
            }
            Move::Drive(_) | Move::Design(_) | Move::Governor(_) | Move::Redistribute(_)
                if cannot_end() =>
            {
                ruling9()
            }
            Move::Arrange(4) => table("every plot left must take one of the buildings left"),
            Move::Arrange(c) => Some(format!(
                "no {} building is left to arrange",
                COLOURS[usize::from(c)]
            )),
            Move::Pawn(t) => Some(format!(
                "sector {t} is completed, holds a pawn, or is the pawn's own (ruling 12)"
            )),
            Move::Take(c) if self.general[usize::from(c)] == 0 => Some(format!(
                "the general reserve has no {} building",
                COLOURS[usize::from(c)]
            )),
            Move::Take(_) => table("the two draft buildings are of different colours (ruling 4)"),
            Move::Discard(c) => Some(format!(
                "seat {seat} has no {} building",
                COLOURS[usize::from(c)]
            )),
            Move::Pick(k) => Some(format!(
                "card {k} is not among the revealed cards {}",
                row()
            )),
            Move::Exchange(..) | Move::Project(_) | Move::Mayor(_) | Move::Logistics
                if in_main && self.row.is_empty() =>
            {
                table("the row is empty, so no card could be added")
            }
            Move::Score(_) if self.score >= 0 => Some(format!(
                "the street of card {} is to be chosen first ('street x1' ...)",
                self.score
            )),
            Move::Project(k) | Move::Mayor(k) | Move::Score(k) => {
                Some(format!("card {k} is not in seat {seat}'s project"))
            }
            Move::Drive(_) => {
                table("a drive goes from a perimeter junction to another one (ruling 9 holding)")
            }
            Move::Design(_) => {
                table("a design goes to another corner of a sector holding a green (ruling 9)")
            }
            Move::Governor(_) => {
                table("the Governor needs 1 PP and the colour in the general reserve")
            }
            Move::Redistribute(_) => {
                table("the Head Architect needs a red in the reserve and a sector with a building")
            }
            Move::Exchange(..) => {
                table("an exchange gives a reserve colour for another one in the general reserve")
            }
            Move::Logistics => table("the row is empty"),
            Move::Craft(..) => {
                table("a craft returns a colour just taken (and still held) for another colour")
            }
            Move::Street(_) => table("no street card is being scored"),
            Move::Stop => table("another architect is on this junction (ruling 9)"),
            Move::Pass => table("a step or an add is possible (ruling 6)"),
            _ => None,
        }
    }
}
