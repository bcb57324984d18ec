//! The compact VectorEnv of one game stepped with random legal actions, timed, with a hash of
//! everything it returned (tokens, legal lists, seats, rewards), to show that a speed-up
//! changed no output: `cargo run --release --example vector_compact -- [game] [batch] [steps]`.
//! Run it before and after a change; the hash must be identical. `RAYON_NUM_THREADS` sets
//! the threads.

use std::time::Instant;

use boardcore::engine::{Action, Game, Params};
use boardcore::games::chandigarh::ChandigarhGame;
use boardcore::games::city_connect::CityConnectGame;
use boardcore::games::kardinal::KardinalGame;
use boardcore::games::prestel_new_york::PrestelGame;
use boardcore::games::rebuilding_chicago::RebuildingChicagoGame;
use boardcore::rng::SplitMix64;
use boardcore::vector::{CompactBuffers, VectorEnv};

/// FNV-1a over 64-bit words.
fn mix(h: u64, x: u64) -> u64 {
    (h ^ x).wrapping_mul(0x0100_0000_01b3)
}

/// CPU time of all this process's threads in seconds (Linux; 0 elsewhere): on a shared
/// machine it moves far less than the wall clock.
fn cpu_seconds() -> f64 {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return 0.0;
    };
    let ns: u64 = tasks
        .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("schedstat")).ok())
        .filter_map(|text| text.split_whitespace().next()?.parse::<u64>().ok())
        .sum();
    ns as f64 / 1e9
}

/// The compact rows of a batch, kept from step to step.
struct Rows {
    index: Vec<i32>,
    value: Vec<f32>,
    num_tokens: Vec<i32>,
    legal: Vec<i32>,
    num_legal: Vec<i32>,
    to_move: Vec<i32>,
}

impl Rows {
    fn buffers(&mut self) -> CompactBuffers<'_> {
        CompactBuffers {
            index: &mut self.index,
            value: &mut self.value,
            num_tokens: &mut self.num_tokens,
            legal: &mut self.legal,
            num_legal: &mut self.num_legal,
            to_move: &mut self.to_move,
        }
    }
}

fn run<G: Game>(game: G, batch: usize, steps: usize) {
    let (tw, lw, players) = (
        game.max_observation_tokens(),
        game.max_legal_actions(),
        game.num_players(),
    );
    let mut env = VectorEnv::new(game, batch, 1).expect("a batch");
    let mut rows = Rows {
        index: vec![0; batch * tw],
        value: vec![0.0; batch * tw],
        num_tokens: vec![0; batch],
        legal: vec![0; batch * lw],
        num_legal: vec![0; batch],
        to_move: vec![0; batch],
    };
    let (mut rewards, mut done) = (vec![0.0; batch * players], vec![false; batch]);
    let mut rng = SplitMix64::new(1);
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    env.observe_compact(rows.buffers()).expect("widths hold");
    let mut actions: Vec<Action> = vec![0; batch];
    let (mut in_step, mut cpu, mut ended) = (0.0, 0.0, 0);
    let start = Instant::now();
    for _ in 0..steps {
        for (i, a) in actions.iter_mut().enumerate() {
            let pick = rng.below(rows.num_legal[i] as u64) as usize;
            *a = rows.legal[i * lw + pick] as Action;
        }
        let (t, c) = (Instant::now(), cpu_seconds());
        env.step_compact(&actions, &mut rewards, &mut done, rows.buffers())
            .expect("legal actions, widths hold");
        in_step += t.elapsed().as_secs_f64();
        cpu += cpu_seconds() - c;
        let Rows {
            index,
            value,
            num_tokens: nt,
            legal,
            num_legal: nl,
            to_move: seat,
        } = &rows;
        for i in 0..batch {
            ended += usize::from(done[i]);
            let (n, l) = (nt[i] as usize, nl[i] as usize);
            h = mix(h, seat[i] as u64);
            for k in 0..n {
                h = mix(h, index[i * tw + k] as u64);
                h = mix(h, u64::from(value[i * tw + k].to_bits()));
            }
            for k in 0..l {
                h = mix(h, legal[i * lw + k] as u64);
            }
            for r in &rewards[i * players..(i + 1) * players] {
                h = mix(h, u64::from(r.to_bits()));
            }
        }
    }
    let total = start.elapsed().as_secs_f64();
    let n = (batch * steps) as f64;
    println!(
        "{:.3} us CPU, {:.3} us wall per env-step in step_compact ({:.2} M/s; {:.2} M/s with \
         the loop), {ended} games ended, hash {h:016x}",
        cpu / n * 1e6,
        in_step / n * 1e6,
        n / in_step / 1e6,
        n / total / 1e6
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map_or("city_connect", String::as_str);
    let batch = args.get(2).map_or(1024, |s| s.parse().expect("a batch"));
    let steps = args.get(3).map_or(200, |s| s.parse().expect("steps"));
    let p = Params::new();
    match name {
        "kardinal" => run(KardinalGame::from_params(&p).unwrap(), batch, steps),
        "chandigarh" => run(ChandigarhGame::from_params(&p).unwrap(), batch, steps),
        "city_connect" => run(CityConnectGame::from_params(&p).unwrap(), batch, steps),
        "prestel_new_york" => run(PrestelGame::from_params(&p).unwrap(), batch, steps),
        "rebuilding_chicago" => run(
            RebuildingChicagoGame::from_params(&p).unwrap(),
            batch,
            steps,
        ),
        _ => panic!("unknown game {name}"),
    }
}
