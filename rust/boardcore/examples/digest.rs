//! A digest of seeded random games, to show that a speed-up changed nothing:
//! `cargo run --release --example digest -- [game] [games]` prints, per player count, one
//! hash of every game's history, scores and winners (seeds 0 to games - 1, default 2,000).
//! Run it before and after a change; the lines must be identical.

use boardcore::engine::{Game, GameState, ParamValue, Params};
use boardcore::games::chandigarh::ChandigarhGame;
use boardcore::games::city_connect::CityConnectGame;
use boardcore::games::kardinal::KardinalGame;
use boardcore::games::prestel_new_york::PrestelGame;
use boardcore::games::rebuilding_chicago::RebuildingChicagoGame;
use boardcore::sim::{play_random, Scratch};

/// FNV-1a over 64-bit words.
fn mix(h: u64, x: u64) -> u64 {
    (h ^ x).wrapping_mul(0x0100_0000_01b3)
}

fn digest<G: Game>(name: &str, players: std::ops::RangeInclusive<i64>, games: u64) {
    for p in players {
        let mut params = Params::new();
        params.insert("players".into(), ParamValue::Int(p));
        let game = G::from_params(&params).expect("a valid player count");
        let (mut h, mut scratch) = (0xcbf2_9ce4_8422_2325u64, Scratch::default());
        let mut scores = vec![0i32; p as usize];
        for seed in 0..games {
            let state = play_random(&game, seed, &mut scratch);
            state.scores_into(&mut scores);
            for &a in state.history() {
                h = mix(h, u64::from(a));
            }
            for &s in &scores {
                h = mix(h, s as u64);
            }
            h = mix(h, u64::from(state.winners_mask()));
        }
        println!("{name} {p}p, {games} games: {h:016x}");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2000);
    let all = args.first().map_or(true, |a| a == "all");
    let want = |name: &str| all || args.first().is_some_and(|a| a == name);
    if want("kardinal") {
        digest::<KardinalGame>("kardinal", 2..=4, games);
    }
    if want("prestel_new_york") {
        digest::<PrestelGame>("prestel_new_york", 2..=5, games);
    }
    if want("city_connect") {
        digest::<CityConnectGame>("city_connect", 1..=4, games);
    }
    if want("chandigarh") {
        digest::<ChandigarhGame>("chandigarh", 2..=4, games);
    }
    if want("rebuilding_chicago") {
        digest::<RebuildingChicagoGame>("rebuilding_chicago", 1..=5, games);
    }
}
