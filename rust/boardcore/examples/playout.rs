//! Random-playout throughput of the core alone, without Python:
//! `cargo run --release --example playout -- [players] [games] [threads]`.

use std::time::Instant;

use boardcore::games::kardinal::KardinalGame;
use boardcore::sim::simulate;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let players = args.first().copied().unwrap_or(4) as i64;
    let games = args.get(1).copied().unwrap_or(200_000) as usize;
    let threads = args.get(2).copied().unwrap_or(1) as usize;
    let game = KardinalGame::new(players, None).expect("players is 2, 3 or 4");
    let start = Instant::now();
    let batch = simulate(&game, games, 1, threads).expect("threads start");
    let seconds = start.elapsed().as_secs_f64();
    let decisions: u64 = batch.lengths.iter().map(|&l| u64::from(l)).sum();
    println!(
        "kardinal {players}p: {games} games on {threads} thread(s) in {seconds:.2} s: \
         {:.0} games/s, {:.1} M decisions/s",
        games as f64 / seconds,
        decisions as f64 / seconds / 1e6
    );
}
