//! Why an action that is not legal now is illegal: the reference engine's words, checked in
//! its order (chance or seat, the phase, then the action's own rule).

use super::super::data::Cost;
use super::super::notation::Move;
use super::super::EVENTS;
use super::{Phase, RebuildingChicagoState, PHASES, WORLD};

/// The name of a move's category and the phases where it can be legal.
fn category(m: Move) -> (&'static str, &'static [Phase]) {
    match m {
        Move::Place { .. } => ("place", &[Phase::Place]),
        Move::Buy { .. } => ("buy", &[Phase::Turn, Phase::Free]),
        Move::Landmark(_) => ("landmark", &[Phase::Turn]),
        Move::Event(_) => ("event", &[Phase::Turn]),
        Move::Law(_) => ("law", &[Phase::Turn]),
        Move::Refill => ("refill", &[Phase::Turn]),
        Move::District(_) => ("district", &[Phase::District]),
        Move::Return(_) => ("return", &[Phase::Keep]),
        Move::Pick(_) => ("suburb", &[Phase::Pick]),
        Move::Choose(_) => ("choose", &[Phase::Choose]),
        Move::Shape(_) => ("shape", &[Phase::Shape]),
        Move::DropCard(_) | Move::DropLandmark(_) => ("drop", &[Phase::Drop]),
        Move::Start(_) => ("start", &[Phase::Start]),
        Move::Card(_) => ("card", &[Phase::Deal]),
        Move::Bag(_) => ("bag", &[Phase::Bag]),
        Move::Deal(_) => ("deal", &[Phase::Landmarks]),
        Move::Scenario(_) => ("scenario", &[Phase::Scenario]),
        Move::Automaton(_) => ("automaton", &[Phase::Automaton]),
    }
}

impl RebuildingChicagoState {
    /// Why `m`, not legal now (the game not over), is illegal.
    pub(super) fn why_illegal(&self, m: Move) -> String {
        let (name, phases) = category(m);
        let chance_move = matches!(
            m,
            Move::Start(_)
                | Move::Card(_)
                | Move::Bag(_)
                | Move::Deal(_)
                | Move::Scenario(_)
                | Move::Automaton(_)
        );
        let phase = PHASES[self.phase.index()];
        let in_phase = phases.contains(&self.phase);
        if self.phase.is_chance() {
            let now = format!("phase {phase}, chance to move");
            return if chance_move && in_phase {
                format!("not a possible outcome now ({now})")
            } else {
                format!("this is a chance node ({now}): no seat is to move")
            };
        }
        let now = format!("phase {phase}, seat {} to move", self.to_move);
        if chance_move {
            return format!("'{name}' is a chance outcome, not a decision ({now})");
        }
        if !in_phase {
            return format!("'{name}' is not an action of this phase ({now})");
        }
        if let Move::Shape(k) = m {
            if usize::from(k) >= self.cfg.data.kinds.len() {
                return format!("the data has no kind {k}");
            }
        }
        match self.reason(m) {
            Some(reason) => format!("{reason} ({now})"),
            None => format!("not legal in this position ({now})"),
        }
    }

    /// The rule `m` breaks, where one can be named.
    fn reason(&self, m: Move) -> Option<String> {
        let data = &self.cfg.data;
        let a = self.active;
        match m {
            Move::Buy { slot, half } => {
                let s = self.to_move as usize;
                let money = self.seats[s].money;
                let Ok(card) = usize::try_from(self.market[usize::from(slot)]) else {
                    return Some(format!("market slot {} is empty", slot + 1));
                };
                let cost = data.cards[card].cost;
                if self.phase == Phase::Turn && cost > money {
                    Some(format!("card {card} costs ${cost}, seat {s} has ${money}"))
                } else if half == 0 {
                    Some(format!(
                        "the buildings of card {card}'s benefits half cannot all be placed"
                    ))
                } else {
                    None
                }
            }
            Move::Landmark(l) => {
                let seat = &self.seats[a as usize];
                let landmark = &data.landmarks[usize::from(l)];
                let key = &landmark.key;
                Some(if seat.built >> l & 1 != 0 {
                    format!("{key} is built already")
                } else if seat.kept >> l & 1 == 0 {
                    format!("seat {a} does not own the {key} card")
                } else if landmark.cost > seat.money {
                    format!(
                        "{key} costs ${}, seat {a} has ${}",
                        landmark.cost, seat.money
                    )
                } else {
                    format!("{key}'s tile cannot be placed")
                })
            }
            Move::Event(e) => {
                let done = self.events.count_ones();
                if self.events >> e & 1 != 0 {
                    Some(format!(
                        "{} was activated already this round",
                        EVENTS[usize::from(e)]
                    ))
                } else if e == WORLD && done < data.rules.world_needs {
                    Some(format!(
                        "On the World Stage needs {} other events activated this round, {done} \
                         are",
                        data.rules.world_needs
                    ))
                } else {
                    None
                }
            }
            Move::Law(k) => {
                let s = a as usize;
                let seat = &self.seats[s];
                let law = &data.districts[seat.district as usize].laws[usize::from(k)];
                if seat.law >= 0 {
                    return Some(format!(
                        "seat {a} enacted law {} this round already",
                        seat.law + 1
                    ));
                }
                if law.require.as_ref().is_some_and(|c| !self.holds(s, c)) {
                    return Some("the law's requirement is not met".into());
                }
                match law.cost {
                    Cost::Money(c) if seat.money < c => {
                        Some(format!("the law costs ${c}, seat {a} has ${}", seat.money))
                    }
                    Cost::Vp(c) if seat.vp < c => {
                        Some(format!("the law costs {c} VP, seat {a} has {} VP", seat.vp))
                    }
                    _ => None,
                }
            }
            Move::Refill => {
                let money = self.seats[a as usize].money;
                let cost = data.rules.refill_cost;
                if self.refilled {
                    Some("the market was refilled this turn already".into())
                } else if money < cost {
                    Some(format!("a refill costs ${cost}, seat {a} has ${money}"))
                } else if !self.market.contains(&-1) {
                    Some("the market is full".into())
                } else if !self.deck_has_round() {
                    Some("the round's deck is empty".into())
                } else {
                    None
                }
            }
            Move::Place { .. } => Some("not a legal placement of the piece to place".into()),
            Move::District(_) => Some("that district is taken".into()),
            Move::Return(_) => Some("the seat was not dealt that landmark card".into()),
            Move::Pick(_) => {
                Some("that suburb is not in the seat's hand, or cannot be placed".into())
            }
            Move::Choose(_) => Some("not an option of this choice".into()),
            Move::Shape(_) => Some("that kind is not a possible replacement".into()),
            Move::DropCard(_) => Some("the seat has no such ability to lose".into()),
            Move::DropLandmark(_) => Some("the seat has no such landmark to lose".into()),
            _ => None,
        }
    }
}
