//! One module per game.

/// The [`Game`](crate::engine::Game) methods every game writes alike, for inside its `impl
/// Game`: the game module's `NAME`, `VERSION` and `json::from_json`, `self.cfg.players` seats,
/// and the per-game expressions, with `$g` bound to `self` (a macro because the methods read
/// each game's own fields and module items, which a trait default cannot name): the initial
/// state, then the sizes (`num_distinct_actions`, `observation_size`, and the compact
/// observation's bounds `max_legal_actions` and `max_observation_tokens`, each game's own
/// from docs/vector.md: an overflow is an error).
macro_rules! game_common_methods {
    (
        $g:ident =>
        initial_state: $init:expr,
        $($size:ident: $value:expr),+ $(,)?
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
        fn new_initial_state(&self) -> Self::State {
            let $g = self;
            $init
        }
        $(
            fn $size(&self) -> usize {
                #[allow(unused_variables)]
                let $g = self;
                $value
            }
        )+
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

/// [`Game::from_params`](crate::engine::Game::from_params) and
/// [`Game::params`](crate::engine::Game::params), for inside its `impl Game`, from the game's
/// parameters declared once: `players` (its default), then each of the game's own (a text
/// `Str` with what to write, or an `Int` with its default) with how the game reads it back
/// (`$g` bound to `self`), then the field holding the `data` path. `Self::new` takes them in
/// that order.
macro_rules! game_param_methods {
    (
        players: $players:expr,
        $($name:literal: $kind:ident $(($form:expr))? $(= $default:expr)? => |$g:ident| $value:expr,)*
        data: $data:ident $(,)?
    ) => {
        fn from_params(params: &crate::engine::Params) -> Result<Self, crate::engine::Error> {
            crate::engine::check_param_names(NAME, params, &["players", $($name,)* "data"])?;
            Self::new(
                crate::engine::int_param(params, "players", $players)?,
                $(game_param_methods!(@read params, $name, $kind $(($form))? $(, $default)?),)*
                crate::engine::data_param(params)?,
            )
        }
        fn params(&self) -> crate::engine::Params {
            crate::engine::game_params(
                self.cfg.players,
                self.$data.as_deref(),
                [$(($name, crate::engine::ParamValue::$kind({
                    let $g = self;
                    $value
                })),)*],
            )
        }
    };
    (@read $params:ident, $name:literal, Str($form:expr)) => {
        crate::engine::str_param($params, $name, $form)?
    };
    (@read $params:ident, $name:literal, Int, $default:expr) => {
        crate::engine::int_param($params, $name, $default)?
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
            row.write(|row| write_observation(s, player, row));
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
