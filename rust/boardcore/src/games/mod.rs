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
        fn observation_tokens_row(
            &self,
            state: &Self::State,
            player: usize,
            row: &mut crate::engine::TokenRow<'_>,
            _scratch: &mut Vec<(u32, f32)>,
        ) -> Result<(), crate::engine::Error> {
            render::observation_tokens_row(state, player, row)
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

/// A game's `render::observation_tokens` and `render::observation_tokens_row` through its
/// observation writer, the module's
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

        /// The same tokens written straight into a row of a batch (no list, no copy).
        pub fn observation_tokens_row(
            s: &$state,
            player: usize,
            row: &mut crate::engine::TokenRow<'_>,
        ) -> Result<(), crate::engine::Error> {
            crate::engine::check_seat(player, s.players())?;
            write_observation(s, player, row);
            Ok(())
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

pub mod chandigarh;
pub mod city_connect;
pub mod kardinal;
pub mod prestel_new_york;
pub mod rebuilding_chicago;
