//! The text rendering and the observation tensor (docs/games/rebuilding_chicago.md, "Text
//! rendering" and "Observation").

use super::data::{CARDS, DISTRICTS, KINDS_MAX, LANDMARKS, MARKET};
use super::json::todo;
use super::state::{Phase, RebuildingChicagoState, BUILD, LANDMARK, PHASES};
use super::{
    EVENTS, HOLDINGS, LEVELS, MARKET_CARDS, MAX_PLAYERS, OBSERVATION_SIZE, PLACING, PLANES,
    SEAT_BLOCK, SPACES,
};
use crate::bits::bits;
use crate::engine::{
    check_seat, observation_tokens_with, Error, ObservationSink, TokenRow, CHANCE, TERMINAL,
};

const LETTERS: [u8; 7] = *b"TMGESRX";

/// Per table space, what covers it: a building type 0..6, 7 a landmark, or 255.
fn coverage(st: &RebuildingChicagoState, s: usize) -> [u8; SPACES] {
    let mut out = [255u8; SPACES];
    for (x, c) in st.seats[s].covered() {
        out[x] = c as u8;
    }
    out
}

fn table_rows(st: &RebuildingChicagoState, s: usize) -> Vec<String> {
    let cfg = st.config();
    let seat = &st.seats[s];
    let Ok(d) = usize::try_from(seat.district) else {
        return Vec::new();
    };
    let b = &cfg.boards[d];
    let cover = coverage(st, s);
    let connected = [st.area_connected(s, 0), st.area_connected(s, 1)];
    (0..11)
        .map(|y| {
            let row: String = (0..11)
                .map(|x| {
                    let i = y * 11 + x;
                    let bit = 1u128 << i;
                    if cover[i] < 7 {
                        return LETTERS[usize::from(cover[i])] as char;
                    }
                    if cover[i] == 7 {
                        return 'L';
                    }
                    if seat.rubble & bit != 0 {
                        return 'r';
                    }
                    if let Some(k) = (0..3).find(|&k| seat.sights[k] & bit != 0) {
                        return (b'1' + k as u8) as char;
                    }
                    if b.board & bit != 0 {
                        if b.region[0] & bit != 0 {
                            '.'
                        } else if b.region[1] & bit != 0 {
                            if connected[0] {
                                '.'
                            } else {
                                ':'
                            }
                        } else if b.region[2] & bit != 0 {
                            if connected[1] {
                                '.'
                            } else {
                                ':'
                            }
                        } else {
                            '#'
                        }
                    } else if seat.suburb & bit != 0 {
                        '.'
                    } else {
                        ' '
                    }
                })
                .collect();
            format!("  {row}")
        })
        .collect()
}

fn joined(items: Vec<String>) -> String {
    if items.is_empty() {
        "-".into()
    } else {
        items.join(",")
    }
}

/// `str(state)`, or `observation_string(observer)` when `observer` is given.
pub fn text(st: &RebuildingChicagoState, observer: Option<usize>) -> String {
    let cfg = st.config();
    let data = &cfg.data;
    let n = st.players();
    let who = match st.to_move {
        CHANCE => "chance to move".to_string(),
        TERMINAL => "game over".to_string(),
        s => format!("seat {s} to move"),
    };
    let mut lines = vec![format!(
        "Rebuilding Chicago, {n} player{}, round {}, phase {}, {who}",
        if n == 1 { "" } else { "s" },
        st.round,
        PHASES[st.phase.index()]
    )];
    let market: Vec<String> = (0..8)
        .map(|i| match usize::try_from(st.market[i]) {
            Ok(c) => format!(
                "{}:c{c}/${}{}",
                i + 1,
                data.cards[c].cost,
                if st.tokens & (1 << i) != 0 { "*" } else { "" }
            ),
            Err(_) => format!("{}:-", i + 1),
        })
        .collect();
    lines.push(format!("market: {}", market.join(" ")));
    let events: Vec<String> = (0..7)
        .map(|e| {
            format!(
                "{}{}{}",
                EVENTS[e],
                if st.events & (1 << e) != 0 { "*" } else { "" },
                if st.event_tokens & (1 << e) != 0 {
                    "$"
                } else {
                    ""
                }
            )
        })
        .collect();
    lines.push(format!("events: {}", events.join(" ")));
    let key = |l: usize| data.landmarks[l].key.clone();
    for (s, seat) in st.seats.iter().enumerate() {
        let name = usize::try_from(seat.district).map_or("-", |d| data.districts[d].name.as_str());
        lines.push(format!(
            "seat {s} {name} ({}): ${} {} VP unhappy {}, quality e{} s{} r{}, amenity e{} s{} r{}",
            LEVELS[usize::from(cfg.difficulty[s])],
            seat.money,
            seat.vp,
            seat.unhappy,
            seat.quality[0],
            seat.quality[1],
            seat.quality[2],
            seat.symbols[3],
            seat.symbols[4],
            seat.symbols[5],
        ));
        let law = if seat.law < 0 {
            "-".to_string()
        } else {
            (seat.law + 1).to_string()
        };
        let mut second = format!(
            "  law {law}, landmarks {}, built {}, abilities {}, hand {}",
            joined(bits(u64::from(seat.kept)).map(key).collect()),
            joined(
                bits(u64::from(seat.built))
                    .map(|l| format!(
                        "{}{}",
                        key(l),
                        if seat.lost & (1 << l) != 0 { "!" } else { "" }
                    ))
                    .collect()
            ),
            joined(seat.abilities.iter().map(|c| c.to_string()).collect()),
            joined(seat.hand.iter().map(|h| h.to_string()).collect()),
        );
        if seat.dealt != 0 {
            if observer.map_or(true, |o| o == s) {
                second += &format!(
                    ", dealt {}",
                    bits(u64::from(seat.dealt))
                        .map(key)
                        .collect::<Vec<_>>()
                        .join(",")
                );
            } else {
                second += &format!(", dealt {} hidden", seat.dealt.count_ones());
            }
        }
        lines.push(second);
        lines.extend(table_rows(st, s));
    }
    lines.push(format!("todo: {}", todo(st)));
    lines.join("\n")
}

pub fn observation(
    st: &RebuildingChicagoState,
    player: usize,
    out: &mut [f32],
) -> Result<(), Error> {
    check_seat(player, st.players())?;
    if out.len() != OBSERVATION_SIZE {
        return Err(Error::Parameter(format!(
            "the observation buffer must hold {OBSERVATION_SIZE} floats, not {}",
            out.len()
        )));
    }
    out.fill(0.0);
    write_observation(st, player, out);
    Ok(())
}

/// The nonzero entries of `observation` (the compact observation), written directly: the
/// planes of five seats hold a few hundred ones among 11,171 entries.
pub fn observation_tokens(
    st: &RebuildingChicagoState,
    player: usize,
    out: &mut Vec<(u32, f32)>,
) -> Result<(), Error> {
    observation_tokens_with(st.players(), player, out, |o| {
        write_observation(st, player, o)
    })
}

/// `observation_tokens` written into a row of the batch's compact observation.
pub fn observation_tokens_row(
    st: &RebuildingChicagoState,
    player: usize,
    row: &mut TokenRow<'_>,
) -> Result<(), Error> {
    check_seat(player, st.players())?;
    row.write(|row| write_observation(st, player, row));
    Ok(())
}

/// Sets the entries of the observation that may be nonzero, each once.
fn write_observation<O: ObservationSink + ?Sized>(
    st: &RebuildingChicagoState,
    player: usize,
    out: &mut O,
) {
    let n = st.players();
    let cfg = st.config();
    const BLOCK: usize = SEAT_BLOCK;
    for i in 0..n {
        let s = (player + i) % n;
        let seat = &st.seats[s];
        let block = i * BLOCK;
        // No plane of the district board: it is a function of the district (a one-hot among
        // the numbers), which never changes, so it cost tokens for no information.
        let district = usize::try_from(seat.district).ok();
        if district.is_some() {
            let usable = st.usable(s);
            let planes: [u128; 6] = [
                seat.suburb,
                usable,
                seat.rubble & !seat.cover,
                seat.sights[0] & !seat.cover,
                seat.sights[1] & !seat.cover,
                seat.sights[2] & !seat.cover,
            ];
            for (p, &m) in planes.iter().enumerate() {
                out.set_plane(block + p * SPACES, m);
            }
            // Space by space (the tokens' order), each in the plane of what covers it.
            for h in [0, 64] {
                out.set_bits((seat.cover >> h) as u64, |x| {
                    block + (6 + seat.cover_code(h + x)) * SPACES + h + x
                });
            }
        }
        let mut k = block + PLANES * SPACES;
        let mut push = |v: f32| {
            out.set(k, v);
            k += 1;
        };
        push(seat.money as f32);
        push(seat.vp as f32);
        push(seat.unhappy as f32);
        seat.quality.iter().for_each(|&q| push(f32::from(q)));
        seat.symbols.iter().for_each(|&x| push(x as f32));
        seat.tiles.iter().for_each(|&x| push(x as f32));
        push(f32::from(u8::from(seat.law >= 0)));
        push(seat.built.count_ones() as f32);
        push(seat.kept.count_ones() as f32);
        push(seat.abilities.len() as f32);
        push(seat.hand.len() as f32);
        if let Some(d) = district {
            out.set(k + d, 1.0);
        }
        k += DISTRICTS;
        debug_assert_eq!(k, (i + 1) * BLOCK);
    }
    let g = MAX_PLAYERS * BLOCK;
    out.set(g + usize::from(st.round - 1), 1.0);
    for e in 0..7 {
        out.set(g + 3 + e, f32::from((st.events >> e) & 1));
    }
    for slot in 0..8 {
        if let Ok(c) = usize::try_from(st.market[slot]) {
            out.set(g + 10 + 2 * slot, 1.0);
            out.set(g + 11 + 2 * slot, cfg.data.cards[c].cost as f32);
        }
    }
    for i in 0..8 {
        out.set(g + 26 + i, f32::from((st.tokens >> i) & 1));
    }
    for e in 0..7 {
        out.set(g + 34 + e, f32::from((st.event_tokens >> e) & 1));
    }
    out.set(g + 41, f32::from(u8::from(st.to_move == player as i32)));
    // The identities, each set in ascending index order (the compact rows' order): the
    // market's cards, then each seat's holdings.
    for (slot, &c) in st.market.iter().enumerate() {
        if let Ok(c) = usize::try_from(c) {
            out.set(MARKET_CARDS + slot * CARDS + c, 1.0);
        }
    }
    for i in 0..n {
        let seat = &st.seats[(player + i) % n];
        let block = MARKET_CARDS + MARKET * CARDS + i * HOLDINGS;
        let mut cards = [0u64; CARDS.div_ceil(64)];
        for &c in &seat.abilities {
            cards[usize::from(c) / 64] |= 1 << (c % 64);
        }
        for (w, &word) in cards.iter().enumerate() {
            out.set_bits(word, |x| block + w * 64 + x);
        }
        let landmarks = [seat.kept, seat.built & !seat.lost, seat.lost];
        for (j, &m) in landmarks.iter().enumerate() {
            out.set_bits(u64::from(m), |l| block + CARDS + j * LANDMARKS + l);
        }
        let hand = seat.hand.iter().fold(0u64, |m, &t| m | 1 << t);
        out.set_bits(hand, |t| block + CARDS + 3 * LANDMARKS + t);
    }
    // What a placement places is public (the card bought, the landmark built, the tile
    // drawn) and decides what the placements are worth: its kind, landmark or tile.
    if st.phase == Phase::Place {
        let task = st.todo[0];
        let piece = match task.code {
            BUILD => task.arg as usize,
            LANDMARK => KINDS_MAX + task.arg as usize,
            _ => KINDS_MAX + LANDMARKS + st.picked as usize,
        };
        out.set(PLACING + piece, 1.0);
    }
}
