//! One module per game.

/// The [`Game`](crate::engine::Game) methods every game writes alike, for inside its `impl
/// Game`: the game module's `NAME`, `VERSION` and `json::from_json`, `self.cfg.players` seats,
/// and the three per-game expressions, with `$g` bound to `self` (a macro because the methods
/// read each game's own fields and module items, which a trait default cannot name).
macro_rules! game_common_methods {
    (
        $g:ident =>
        actions: $actions:expr,
        observation_size: $obs:expr,
        initial_state: $init:expr $(,)?
    ) => {
        fn name(&self) -> &'static str {
            NAME
        }
        fn version(&self) -> u32 {
            VERSION
        }
        fn num_players(&self) -> usize {
            usize::from(self.cfg.players)
        }
        fn num_distinct_actions(&self) -> usize {
            #[allow(unused_variables)]
            let $g = self;
            $actions
        }
        fn observation_size(&self) -> usize {
            #[allow(unused_variables)]
            let $g = self;
            $obs
        }
        fn new_initial_state(&self) -> Self::State {
            let $g = self;
            $init
        }
        fn state_from_json(&self, text: &str) -> Result<Self::State, crate::engine::Error> {
            json::from_json(self, text)
        }
        fn observation_tokens_into(
            &self,
            state: &Self::State,
            player: usize,
            out: &mut Vec<(u32, f32)>,
        ) -> Result<(), crate::engine::Error> {
            render::observation_tokens(state, player, out)
        }
    };
}

/// The [`GameState`](crate::engine::GameState) methods every game delegates alike, for inside
/// its `impl GameState`: saving in its `json` module, observations in its `render` module.
macro_rules! state_io_methods {
    () => {
        fn to_json(&self) -> String {
            super::json::to_json(self)
        }
        fn observation_tensor_into(
            &self,
            player: usize,
            out: &mut [f32],
        ) -> Result<(), crate::engine::Error> {
            super::render::observation_tensor(self, player, out)
        }
        fn observation_string(&self, player: usize) -> Result<String, crate::engine::Error> {
            super::render::observation_string(self, player)
        }
    };
}

/// A game's `render::observation_tokens` through its observation writer, the module's
/// `write_observation(state, player, out)` (which serves the dense tensor too).
macro_rules! observation_tokens_from_writer {
    ($state:ty) => {
        /// The nonzero entries of `observation_tensor` (the compact observation), written
        /// directly.
        pub fn observation_tokens(
            s: &$state,
            player: usize,
            out: &mut Vec<(u32, f32)>,
        ) -> Result<(), crate::engine::Error> {
            crate::engine::observation_tokens_with(s.players(), player, out, |o| {
                write_observation(s, player, o)
            })
        }
    };
}

/// The [`GameState`](crate::engine::GameState) methods of a game whose `phase` says whose
/// turn it is (`Phase::End`, a chance phase, else `self.seat`) and whose `push_legal` and
/// `push_outcomes` list the moves, for inside its `impl GameState` (with `Action`, `Phase`,
/// `CHANCE` and `TERMINAL` in scope).
macro_rules! seat_phase_methods {
    () => {
        fn num_players(&self) -> usize {
            self.players()
        }
        fn current_player(&self) -> i32 {
            match self.phase {
                Phase::End => TERMINAL,
                p if p.is_chance() => CHANCE,
                _ => i32::from(self.seat),
            }
        }
        fn legal_actions_into(&self, out: &mut Vec<Action>) {
            out.clear();
            if !self.phase.is_chance() {
                self.push_legal(out);
            }
        }
        fn chance_outcomes_into(&self, out: &mut Vec<(Action, u64)>) {
            out.clear();
            self.push_outcomes(out);
        }
    };
}

/// `Clone` for a type whose fields are plain data (copied as they are) but for the shared
/// `Arc`s `arcs` and the owned lists `lists`. `clone_from` keeps the destination's list
/// buffers: the playout loop resets one state per game this way, and the lists would
/// otherwise regrow from nothing every game.
macro_rules! clone_reusing_lists {
    ($ty:ty { arcs: [$($arc:ident),*], lists: [$($list:ident),+ $(,)?] $(,)? }) => {
        impl Clone for $ty {
            fn clone(&self) -> Self {
                Self {
                    $($arc: std::sync::Arc::clone(&self.$arc),)*
                    $($list: self.$list.clone(),)+
                    ..*self
                }
            }
            fn clone_from(&mut self, src: &Self) {
                $(
                    let mut $list = std::mem::take(&mut self.$list);
                    $list.clone_from(&src.$list);
                )+
                *self = Self {
                    $($arc: std::sync::Arc::clone(&src.$arc),)*
                    $($list,)+
                    ..*src
                };
            }
        }
    };
}

pub mod chandigarh;
pub mod city_connect;
pub mod kardinal;
pub mod prestel_new_york;
pub mod rebuilding_chicago;
