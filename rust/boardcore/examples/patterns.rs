//! Chandigarh's pattern kernel alone: scorings per second on the final cities of random
//! games, every card of the packaged data (street cards once per street).
//! `cargo run --release --example patterns -- [players] [games] [rounds]`

use std::time::Instant;

use boardcore::engine::{Game, GameState, ParamValue, Params, CHANCE};
use boardcore::games::chandigarh::{pattern, ChandigarhGame, Pattern};
use boardcore::rng::SplitMix64;

fn main() {
    let nums: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let players = nums.first().copied().unwrap_or(3) as i64;
    let games = nums.get(1).copied().unwrap_or(200);
    let rounds = nums.get(2).copied().unwrap_or(20);
    let mut params = Params::new();
    params.insert("players".into(), ParamValue::Int(players));
    let game = ChandigarhGame::from_params(&params).expect("valid players");
    let cards = &game.config().data.cards;
    // The final city of each random game.
    let mut cities: Vec<Vec<i64>> = Vec::new();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    for seed in 0..games {
        let mut s = game.new_initial_state();
        let mut rng = SplitMix64::new(seed);
        while !s.is_terminal() {
            let a = if s.current_player() == CHANCE {
                boardcore::sim::chance_outcome(&s, &mut rng, &mut outcomes)
            } else {
                s.legal_actions_into(&mut legal);
                legal[rng.below(legal.len() as u64) as usize]
            };
            s.apply_legal(a);
        }
        let json: serde_json::Value = serde_json::from_str(&s.to_json()).expect("json");
        cities.push(
            json["city"]
                .as_array()
                .expect("city")
                .iter()
                .map(|v| v.as_i64().expect("int"))
                .collect(),
        );
    }
    let mut jobs: Vec<(Pattern, [u8; 2], Option<usize>)> = Vec::new();
    for card in cards {
        if card.pattern == Pattern::Street {
            for street in 0..6 {
                jobs.push((card.pattern, card.colours, Some(street)));
            }
        } else {
            jobs.push((card.pattern, card.colours, None));
        }
    }
    let geom = &game.config().geom;
    let cities: Vec<[i8; 192]> = cities
        .iter()
        .map(|c| std::array::from_fn(|i| c[i] as i8))
        .collect();
    let start = Instant::now();
    let mut total = 0u64;
    let mut count = 0u64;
    for _ in 0..rounds {
        for city in &cities {
            for &(kind, colours, street) in &jobs {
                total += u64::from(pattern::count(geom, city, kind, colours, street));
                count += 1;
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "chandigarh {players}p patterns: {count} scorings in {seconds:.2} s: {:.0} scorings/s \
         (checksum {total})",
        count as f64 / seconds
    );
}
