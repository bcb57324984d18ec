//! Random-playout throughput of the core alone, without Python:
//! `cargo run --release --example playout -- [game] [players] [games] [threads]`
//! (game `kardinal`, `prestel_new_york`, `city_connect`, `chandigarh` or `rebuilding_chicago`, default kardinal).

use std::time::Instant;

use boardcore::engine::{Game, ParamValue, Params};
use boardcore::games::chandigarh::ChandigarhGame;
use boardcore::games::city_connect::CityConnectGame;
use boardcore::games::kardinal::KardinalGame;
use boardcore::games::prestel_new_york::PrestelGame;
use boardcore::games::rebuilding_chicago::RebuildingChicagoGame;
use boardcore::sim::simulate;

fn run<G: Game>(name: &str, players: i64, games: usize, threads: usize) {
    let mut params = Params::new();
    params.insert("players".into(), ParamValue::Int(players));
    let game = G::from_params(&params).expect("a valid player count");
    let start = Instant::now();
    let batch = simulate(&game, games, 1, threads).expect("threads start");
    let seconds = start.elapsed().as_secs_f64();
    let decisions: u64 = batch.lengths.iter().map(|&l| u64::from(l)).sum();
    println!(
        "{name} {players}p: {games} games on {threads} thread(s) in {seconds:.2} s: \
         {:.0} games/s, {:.1} M actions/s, {:.0} actions/game",
        games as f64 / seconds,
        decisions as f64 / seconds / 1e6,
        decisions as f64 / games as f64
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (name, rest) = match args.first() {
        Some(a) if a.parse::<u64>().is_err() => (a.as_str(), &args[1..]),
        _ => ("kardinal", &args[..]),
    };
    let nums: Vec<u64> = rest.iter().filter_map(|a| a.parse().ok()).collect();
    let players = nums.first().copied().unwrap_or(4) as i64;
    let games = nums.get(1).copied().unwrap_or(200_000) as usize;
    let threads = nums.get(2).copied().unwrap_or(1) as usize;
    match name {
        "kardinal" => run::<KardinalGame>(name, players, games, threads),
        "prestel_new_york" => run::<PrestelGame>(name, players, games, threads),
        "city_connect" => run::<CityConnectGame>(name, players, games, threads),
        "chandigarh" => run::<ChandigarhGame>(name, players, games, threads),
        "rebuilding_chicago" => run::<RebuildingChicagoGame>(name, players, games, threads),
        _ => eprintln!(
            "unknown game {name:?}: kardinal, prestel_new_york, city_connect, chandigarh or rebuilding_chicago"
        ),
    }
}
