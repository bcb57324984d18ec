//! Chandigarh, for 2 to 4 players.
//!
//! Rulings, geometry, notation, action encoding and the JSON schema:
//! `docs/games/chandigarh.md`. The city is precomputed once per game (`geom.rs`): slots,
//! junctions, sections, streets and the pattern templates, so the rules only index tables.
//! Patterns are counted exactly by `pattern.rs`.

mod data;
mod geom;
mod json;
mod notation;
pub mod pattern;
mod render;
mod state;

pub use data::{Card, Data, Icon};
pub use geom::Geom;
pub use state::{ChandigarhState, Phase};

use std::sync::Arc;

use crate::engine::{Error, Game};

pub const NAME: &str = "chandigarh";
/// Bumped whenever the rules or data change what a game does.
/// 2: ruling 9 counts an unused Driver or Park Designer as a way off an occupied junction.
/// 3: the Local Brahmin and Head of Supervision pay each time, not once per turn.
pub const VERSION: u32 = 3;

pub const MAX_PLAYERS: usize = 4;
pub const COLOURS: [&str; 4] = ["y", "b", "r", "g"];
pub const COLOUR_NAMES: [&str; 4] = ["yellow", "blue", "red", "green"];
pub const SIDES: [&str; 4] = ["n", "e", "s", "w"];
pub const STREETS: [&str; 6] = ["x1", "x2", "x3", "y1", "y2", "y3"];
/// Corner tiles (the pawns' starting sectors) and their names in the `variant` parameter.
pub const CORNERS: [(usize, &str); 4] = [(0, "nw"), (3, "ne"), (12, "sw"), (15, "se")];
pub const PHASES: [&str; 18] = [
    "setup",
    "draft",
    "draft-take",
    "main",
    "move",
    "add",
    "gain",
    "craft",
    "street",
    "after",
    "arrange",
    "relocate",
    "bonus",
    "takes",
    "discard",
    "reveal",
    "final",
    "end",
];
pub const FLOWS: [&str; 6] = ["", "gain", "craft", "score", "reveal", "after"];
pub const DEFAULT_SPECIALISTS: &str =
    "commercial-manager,logistics-manager,local-brahmin,park-designer";
pub const OBSERVATION_SIZE: usize = 1380;
/// The most nonzero entries of one seat's block (docs, "Observation") besides its project
/// cards: 4 reserve counts, PP, 4 tokens, supervisors placed, the architect's junction (a
/// one-hot) and the starting-seat flag.
pub const SEAT_TOKENS: usize = 12;
/// The most nonzero entries outside the city, the seats' blocks, the row and the supervisor
/// planes: 4 general-reserve counts, the 4 pawns' one-hots, 4 used flags, the phase, the 10
/// entries from steps left to gained (`last` a one-hot), the 10 from the flow to the card
/// being scored (flow, bonus and relocate one-hots) and the constant 1.
pub const SHARED_TOKENS: usize = 34;

/// The 8 pattern types (docs, "Patterns").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    Opposite,
    Across,
    Line3,
    Line2,
    Cross,
    Diagonal,
    Perimeter,
    Street,
}

impl Pattern {
    pub const NAMES: [&'static str; 8] = [
        "opposite",
        "across",
        "line3",
        "line2",
        "cross",
        "diagonal",
        "perimeter",
        "street",
    ];
    const ALL: [Pattern; 8] = [
        Pattern::Opposite,
        Pattern::Across,
        Pattern::Line3,
        Pattern::Line2,
        Pattern::Cross,
        Pattern::Diagonal,
        Pattern::Perimeter,
        Pattern::Street,
    ];
    pub fn from_name(name: &str) -> Option<Self> {
        Self::NAMES
            .iter()
            .position(|n| *n == name)
            .map(|i| Self::ALL[i])
    }
    pub fn two_colours(self) -> bool {
        matches!(self, Pattern::Opposite | Pattern::Across)
    }
}

/// The 24 specialists, in the order of the doc's table (y, b, r, g; six each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ability {
    BuildingAssistant,
    CommercialManager,
    Governor,
    ProjectManager,
    MasterCraftsman,
    BuildingDirector,
    HeadOfAmenities,
    Driver,
    BuildingManager,
    TrafficDirector,
    LogisticsManager,
    AmenitiesDirector,
    LocalBrahmin,
    Mayor,
    Surveyor,
    ArchitectsAssistant,
    HeadArchitect,
    Draughtsman,
    ParkEngineer,
    SectorManager,
    ChiefGardener,
    HeadOfSupervision,
    ParkDesigner,
    ParkManager,
}

pub const ABILITIES: [(Ability, &str); 24] = [
    (Ability::BuildingAssistant, "building-assistant"),
    (Ability::CommercialManager, "commercial-manager"),
    (Ability::Governor, "governor"),
    (Ability::ProjectManager, "project-manager"),
    (Ability::MasterCraftsman, "master-craftsman"),
    (Ability::BuildingDirector, "building-director"),
    (Ability::HeadOfAmenities, "head-of-amenities"),
    (Ability::Driver, "driver"),
    (Ability::BuildingManager, "building-manager"),
    (Ability::TrafficDirector, "traffic-director"),
    (Ability::LogisticsManager, "logistics-manager"),
    (Ability::AmenitiesDirector, "amenities-director"),
    (Ability::LocalBrahmin, "local-brahmin"),
    (Ability::Mayor, "mayor"),
    (Ability::Surveyor, "surveyor"),
    (Ability::ArchitectsAssistant, "architects-assistant"),
    (Ability::HeadArchitect, "head-architect"),
    (Ability::Draughtsman, "draughtsman"),
    (Ability::ParkEngineer, "park-engineer"),
    (Ability::SectorManager, "sector-manager"),
    (Ability::ChiefGardener, "chief-gardener"),
    (Ability::HeadOfSupervision, "head-of-supervision"),
    (Ability::ParkDesigner, "park-designer"),
    (Ability::ParkManager, "park-manager"),
];

impl Ability {
    pub fn from_slug(slug: &str) -> Option<Self> {
        ABILITIES.iter().find(|(_, s)| *s == slug).map(|(a, _)| *a)
    }
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn slug(self) -> &'static str {
        ABILITIES[self.index()].1
    }
    /// 0 y, 1 b, 2 r, 3 g: six abilities per colour, in that order.
    pub fn colour(self) -> u8 {
        (self.index() / 6) as u8
    }
}

/// What every state of a game shares: parameters, data and the city's geometry.
#[derive(Debug, PartialEq, Eq)]
pub struct Config {
    pub players: u8,
    pub data: Data,
    pub geom: Geom,
    /// Per colour, the ability of the specialist in play (`None`: no specialists).
    pub specialists: Option<[Ability; 4]>,
    /// `(corner tile, col, row)`, sorted by tile.
    pub variant: Vec<(usize, i8, i8)>,
    pub moves: Vec<notation::Move>,
    /// The abilities in play as bits (bit `Ability::index`), for the rules' hot checks.
    pub in_play: u32,
}

impl Config {
    /// The colour whose specialist has `ability`, if it is in play.
    pub fn colour_of(&self, ability: Ability) -> Option<u8> {
        match self.specialists {
            Some(specs) if specs[usize::from(ability.colour())] == ability => {
                Some(ability.colour())
            }
            _ => None,
        }
    }
}

/// Chandigarh with its parameters and component data fixed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChandigarhGame {
    cfg: Arc<Config>,
    data_path: Option<String>,
    /// The compact observation's widths, worked out once from `cfg`.
    widths: Widths,
}

/// What to write for `specialists`.
pub const SPECIALISTS_FORM: &str = "\"none\" or four specialist slugs, one of each colour, \
     separated by commas like \"commercial-manager,logistics-manager,local-brahmin,park-designer\"";

/// What to write for `variant`.
pub const VARIANT_FORM: &str = "empty or two corner moves like \"nw=4,1;se=-1,2\" (corners nw, \
     ne, sw, se; column and row -1..4, outside the 4x4 grid or in the cell the other corner \
     left, sharing a side with another sector)";

fn parse_specialists(text: &str) -> Result<Option<[Ability; 4]>, Error> {
    if text == "none" {
        return Ok(None);
    }
    let bad =
        |why: String| Error::Parameter(format!("specialists must be {SPECIALISTS_FORM}: {why}"));
    // Each slug is read before the count is checked: a misspelt slug is the likelier mistake.
    let items: Vec<&str> = text.split(',').collect();
    let mut out: [Option<Ability>; 4] = [None; 4];
    for item in &items {
        let a =
            Ability::from_slug(item).ok_or_else(|| bad(format!("unknown specialist {item:?}")))?;
        let c = usize::from(a.colour());
        if out[c].is_some() {
            return Err(bad(format!("two {} specialists", COLOUR_NAMES[c])));
        }
        out[c] = Some(a);
    }
    if items.len() != 4 {
        return Err(bad(format!(
            "{text:?} lists {}, not 4",
            crate::engine::counted(items.len(), "specialist")
        )));
    }
    Ok(Some(out.map(|a| a.expect("four distinct colours"))))
}

fn parse_variant(text: &str) -> Result<Vec<(usize, i8, i8)>, Error> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let bad = |why: String| Error::Parameter(format!("variant must be {VARIANT_FORM}: {why}"));
    // Each move is read before the count is checked: its fault is the more specific.
    let items: Vec<&str> = text.split(';').collect();
    let mut moves = Vec::new();
    for item in &items {
        let (name, cell) = item
            .split_once('=')
            .ok_or_else(|| bad(format!("{item:?} is not corner=column,row")))?;
        let tile = CORNERS
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(t, _)| *t)
            .ok_or_else(|| bad(format!("unknown corner {name:?}")))?;
        let (c, r) = cell
            .split_once(',')
            .ok_or_else(|| bad(format!("{cell:?} is not column,row")))?;
        let parse = |v: &str| -> Result<i8, Error> {
            let ok = !v.is_empty()
                && v.strip_prefix('-')
                    .unwrap_or(v)
                    .chars()
                    .all(|ch| ch.is_ascii_digit());
            match v.parse::<i8>() {
                Ok(x) if ok && (-1..=4).contains(&x) => Ok(x),
                _ => Err(bad(format!("{v:?} is not a column or row from -1 to 4"))),
            }
        };
        let (c, r) = (parse(c)?, parse(r)?);
        // Inside the grid only a corner's cell can be free: the one the other corner leaves.
        let corner_cell = CORNERS
            .iter()
            .any(|&(t, _)| (t % 4, t / 4) == (c as usize, r as usize));
        if (0..4).contains(&c) && (0..4).contains(&r) && !corner_cell {
            return Err(bad(format!("{c},{r} is inside the 4x4 grid")));
        }
        if moves.iter().any(|&(t, _, _)| t == tile) {
            return Err(bad(format!("{name} is moved twice")));
        }
        if moves.iter().any(|&(_, c2, r2)| (c2, r2) == (c, r)) {
            return Err(bad(format!("both corners go to {c},{r}")));
        }
        moves.push((tile, c, r));
    }
    if moves.len() != 2 {
        return Err(bad(format!(
            "{text:?} moves {}, not 2",
            crate::engine::counted(moves.len(), "corner")
        )));
    }
    for &(tile, c, r) in &moves {
        let left = moves
            .iter()
            .any(|&(t, _, _)| t != tile && (t % 4, t / 4) == (c as usize, r as usize));
        if (0..4).contains(&c) && (0..4).contains(&r) && !left {
            return Err(bad(format!(
                "{c},{r} is inside the 4x4 grid, not the cell the other corner leaves"
            )));
        }
    }
    moves.sort_unstable();
    // The resulting city: each moved sector must touch another, and all must hang together.
    let mut cells: Vec<(i8, i8)> = (0..16usize)
        .map(|t| ((t % 4) as i8, (t / 4) as i8))
        .collect();
    for &(tile, c, r) in &moves {
        cells[tile] = (c, r);
    }
    let touch = |a: (i8, i8), b: (i8, i8)| (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1;
    for &(tile, c, r) in &moves {
        if !cells
            .iter()
            .enumerate()
            .any(|(t, &cell)| t != tile && touch(cell, (c, r)))
        {
            let name = CORNERS
                .iter()
                .find(|(t, _)| *t == tile)
                .map_or("?", |x| x.1);
            return Err(bad(format!(
                "{name} at {c},{r} shares no side with another sector"
            )));
        }
    }
    let mut seen = vec![0usize];
    let mut i = 0;
    while i < seen.len() {
        let here = cells[seen[i]];
        for (t, &cell) in cells.iter().enumerate() {
            if !seen.contains(&t) && touch(cell, here) {
                seen.push(t);
            }
        }
        i += 1;
    }
    if seen.len() != 16 {
        return Err(bad("the city would fall apart into pieces".into()));
    }
    Ok(moves)
}

impl ChandigarhGame {
    pub fn new(
        players: i64,
        specialists: Option<&str>,
        variant: Option<&str>,
        data: Option<&str>,
    ) -> Result<Self, Error> {
        if !(2..=4).contains(&players) {
            return Err(Error::Parameter(format!(
                "chandigarh is for 2 to 4 players, not {players}"
            )));
        }
        let specialists = parse_specialists(specialists.unwrap_or(DEFAULT_SPECIALISTS))?;
        let variant = parse_variant(variant.unwrap_or(""))?;
        let data_set = Data::load(data)?;
        let geom = Geom::new(&data_set, players as usize, &variant);
        let moves = (0..notation::NUM_ACTIONS)
            .map(notation::decode)
            .collect::<Result<Vec<_>, Error>>()?;
        let cfg = Config {
            players: players as u8,
            data: data_set,
            geom,
            specialists,
            variant,
            moves,
            in_play: specialists.map_or(0, |specs| specs.iter().fold(0, |m, a| m | 1 << a.index())),
        };
        Ok(Self {
            widths: Widths::new(&cfg),
            cfg: Arc::new(cfg),
            data_path: data.map(str::to_owned),
        })
    }

    pub fn config(&self) -> &Config {
        &self.cfg
    }

    pub fn specialists_text(&self) -> String {
        match self.cfg.specialists {
            None => "none".into(),
            Some(specs) => specs.map(Ability::slug).join(","),
        }
    }

    pub fn variant_text(&self) -> String {
        let items: Vec<String> = self
            .cfg
            .variant
            .iter()
            .map(|&(t, c, r)| {
                let name = CORNERS.iter().find(|x| x.0 == t).map_or("?", |x| x.1);
                format!("{name}={c},{r}")
            })
            .collect();
        items.join(";")
    }
}

impl Game for ChandigarhGame {
    type State = ChandigarhState;

    game_param_methods! {
        players: 4,
        "specialists": Str(SPECIALISTS_FORM) => |g| g.specialists_text(),
        "variant": Str(VARIANT_FORM) => |g| g.variant_text(),
        data: data_path,
    }
    game_common_methods!(g =>
        initial_state: ChandigarhState::new(Arc::clone(&g.cfg)),
        num_distinct_actions: notation::NUM_ACTIONS as usize,
        observation_size: OBSERVATION_SIZE,
        // A bound (docs/games/chandigarh.md, Action encoding): the most any decision lists,
        // each kind of action counted by the pieces, plots and junctions that exist, and
        // only the specialists in play (one per colour): 57, 57, 65 at 2, 3, 4 players
        // with the default ones (random games never listed more than 41).
        max_legal_actions: g.widths.max_legal(),
        // A bound (docs/games/chandigarh.md, Observation): a city entry per building or slot,
        // per seat its block, the row, one supervisor per sector, then `SHARED_TOKENS`
        // (random games never set more than 98).
        max_observation_tokens: g.widths.tokens(),
    );
}

/// What the compact observation's widths are made of, from a game's config (its data, player
/// count, variant and specialists in play): per part of the observation and per kind of
/// action, the most entries or ids that can be there at once (docs/games/chandigarh.md,
/// "Observation" and "Action encoding"). `max_observation_tokens` is [`Widths::tokens`],
/// `max_legal_actions` [`Widths::max_legal`]; tests check every share over random games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Widths {
    pub players: usize,
    /// The specialists in play, as bits `1 << Ability::index` (`Config::in_play`): a
    /// specialist's actions are listed only for the seat holding its colour's token, and
    /// only if it is in play, so a share counts only when its specialist is.
    pub in_play: u32,
    /// City entries: one per building, so at most the buildings in play (per colour
    /// `per_colour` less those removed) and at most the slots that exist.
    pub city: usize,
    /// One seat's block: [`SEAT_TOKENS`] and a project of at most `project_limit` cards.
    pub seat: usize,
    /// Row cards: `revealed` (players + row) during the setup and draft, `row` after.
    pub row: usize,
    /// Supervisor entries: one per sector supervised, at most the 16 sectors and the seats'
    /// supervisors.
    pub supervisors: usize,
    /// Step directions: 4.
    pub steps: usize,
    /// Adds: 2 ends for each row card; outside the draft the row holds at most `row` cards.
    pub adds: usize,
    /// Plain and replace builds together: a colour of the reserve (4) on a plot next to the
    /// architect, vacant (plain) or occupied (replace).
    pub here: usize,
    /// Building Manager builds: 4 colours on the vacant plots next to the other seats'
    /// architects.
    pub manager: usize,
    /// Surveyor builds: 4 colours on the (vacant) plots of the sectors cornering the
    /// architect's junction.
    pub surveyor: usize,
    /// Park Engineer builds: 4 colours on the vacant plots of the sectors holding a green.
    /// A game has one green specialist, so with the Park Engineer there is no Sector Manager
    /// and no centre ever holds a building: a sector holding a green holds it on a plot and
    /// has at most its plots less one vacant. Every sector has a plot, so the sectors holding
    /// a green have at most `plots - 16` vacant plots between them.
    pub engineer: usize,
    /// Draughtsman builds: 4 colours on the plots next to the architect.
    pub draughtsman: usize,
    /// Sector Manager builds: 4 colours on the centres next to the architect.
    pub centre: usize,
    /// Driver moves: the perimeter junctions but the one it leaves.
    pub drive: usize,
    /// Park Designer moves: the junctions but the one it leaves.
    pub design: usize,
    /// Project cards named (`project k`, `mayor k`, `score k`): at most `project_limit`.
    pub cards: usize,
    /// Cards to pick in the draft: at most `revealed`.
    pub picks: usize,
}

impl Widths {
    /// Colours, colour pairs `c != d` (exchange, craft), sectors, streets.
    const COLOURS: usize = COLOURS.len();
    const PAIRS: usize = Self::COLOURS * (Self::COLOURS - 1);
    const SECTORS: usize = data::SECTORS;
    const STREETS: usize = STREETS.len();

    pub fn new(cfg: &Config) -> Self {
        let (d, g) = (&cfg.data, &cfg.geom);
        let n = usize::from(cfg.players);
        let most = |sets: &[geom::Slots]| sets.iter().map(|s| s.iter().count()).max();
        let plots: usize = g.sector_plots.iter().map(Vec::len).sum();
        let near = usize::from(g.adj_plot_len.iter().copied().max().unwrap_or(0));
        let junctions = g.junction_exists.iter().filter(|&&e| e).count();
        let perimeter = g.perimeter_junction.iter().filter(|&&e| e).count();
        let buildings = Self::COLOURS * usize::from(d.per_colour - d.removed[n - 2]);
        let slots = g.slot_exists.iter().filter(|&&e| e).count();
        let revealed = usize::from(d.revealed[n - 2]);
        let c = Self::COLOURS;
        Widths {
            players: n,
            in_play: cfg.in_play,
            city: buildings.min(slots),
            seat: SEAT_TOKENS + usize::from(d.project_limit),
            row: revealed.max(usize::from(d.row)),
            supervisors: Self::SECTORS.min(n * usize::from(d.supervisors)),
            steps: 4,
            adds: 2 * usize::from(d.row),
            here: c * near,
            manager: c * plots.min((n - 1) * near),
            surveyor: c * most(&g.corner_plot_bits).unwrap_or(0),
            engineer: c * (plots - Self::SECTORS),
            draughtsman: c * near,
            centre: c * most(&g.adj_centre_bits).unwrap_or(0),
            drive: perimeter - 1,
            design: junctions - 1,
            cards: usize::from(d.project_limit),
            picks: revealed,
        }
    }

    /// The most nonzero entries of the observation: the city, the seats' blocks, the row,
    /// the supervisors and [`SHARED_TOKENS`].
    pub fn tokens(&self) -> usize {
        self.city + self.seat * self.players + self.row + self.supervisors + SHARED_TOKENS
    }

    /// `share` if `ability` is in play, else 0.
    fn share(&self, ability: Ability, share: usize) -> usize {
        if self.in_play & (1 << ability.index()) != 0 {
            share
        } else {
            0
        }
    }

    /// The most actions a decision of `phase` lists (docs, "Turn structure"): the sum of
    /// the shares of the kinds of action it can list in this game. A specialist's kinds
    /// count only if it is in play; a game has one specialist per colour, so at most one of
    /// each colour counts (with the default specialists only the Park Designer's jumps and
    /// the card specialists' actions).
    pub fn legal(&self, phase: Phase) -> usize {
        use Ability as A;
        let c = Self::COLOURS;
        let s = |ability, share| self.share(ability, share);
        // Card specialists: Commercial Manager or Project Manager (y), Logistics Manager
        // (b), Mayor (r).
        let card = s(A::CommercialManager, Self::PAIRS)
            + s(A::ProjectManager, self.cards)
            + s(A::LogisticsManager, 1)
            + s(A::Mayor, self.cards);
        match phase {
            Phase::Setup | Phase::Reveal | Phase::End => 0,
            Phase::Draft => self.picks,
            Phase::DraftTake | Phase::Gain | Phase::Takes | Phase::Discard => c,
            // The colours and `skip`; crafts are colour pairs and `skip`.
            Phase::Bonus => c + 1,
            Phase::Craft => Self::PAIRS + 1,
            Phase::Street => Self::STREETS,
            Phase::Final => self.cards.max(Self::STREETS),
            // The colours left and `arrange -`.
            Phase::Arrange => c + 1,
            // Another sector's plaza.
            Phase::Relocate => Self::SECTORS - 1,
            Phase::Add => self.adds + card,
            Phase::After => card + 1,
            // Steps, adds, `pass`; footsteps and card specialists by colour: y Governor,
            // Commercial Manager or Project Manager; b Driver or Logistics Manager; r
            // Draughtsman, Head Architect or Mayor; g Park Designer.
            Phase::Main => {
                self.steps
                    + self.adds
                    + 1
                    + card
                    + s(A::Governor, c)
                    + s(A::Driver, self.drive)
                    + s(A::Draughtsman, self.draughtsman)
                    + s(A::HeadArchitect, Self::SECTORS)
                    + s(A::ParkDesigner, self.design)
            }
            // Steps, `stop`, plain and replace builds (the Building Assistant's replace
            // builds share `here` with the plain ones); by colour: y Governor; b Building
            // Manager or Driver; r Surveyor, Draughtsman or Head Architect; g Park
            // Engineer, Sector Manager or Park Designer.
            Phase::Move => {
                self.steps
                    + 1
                    + self.here
                    + s(A::Governor, c)
                    + s(A::BuildingManager, self.manager)
                    + s(A::Driver, self.drive)
                    + s(A::Surveyor, self.surveyor)
                    + s(A::Draughtsman, self.draughtsman)
                    + s(A::HeadArchitect, Self::SECTORS)
                    + s(A::ParkEngineer, self.engineer)
                    + s(A::SectorManager, self.centre)
                    + s(A::ParkDesigner, self.design)
            }
        }
    }

    /// The most actions any decision lists.
    pub fn max_legal(&self) -> usize {
        Phase::ALL
            .iter()
            .map(|&phase| self.legal(phase))
            .max()
            .unwrap_or(0)
    }
}

/// The pattern kernel on its own (docs, "The pattern kernel"): the exact count of a pattern
/// in `city` (192 slot colours, -1 empty) on the city of a game with these parameters.
pub fn count_pattern(
    players: i64,
    variant: &str,
    city: &[i64],
    pattern: &str,
    colours: &[String],
    street: Option<&str>,
) -> Result<u32, Error> {
    static PACKAGED: std::sync::OnceLock<Data> = std::sync::OnceLock::new();
    if !(2..=4).contains(&players) {
        return Err(Error::Parameter(format!(
            "chandigarh is for 2 to 4 players, not {players}"
        )));
    }
    let moves = parse_variant(variant)?;
    let data = match PACKAGED.get() {
        Some(d) => d,
        None => {
            let d = Data::load(None)?;
            PACKAGED.get_or_init(|| d)
        }
    };
    let geom = &Geom::new(data, players as usize, &moves);
    if city.len() != geom::SLOTS {
        return Err(Error::Parameter(format!(
            "city must list the {} slots' colours, not {}",
            geom::SLOTS,
            city.len()
        )));
    }
    let mut cells = [-1i8; geom::SLOTS];
    for (slot, &c) in city.iter().enumerate() {
        if !(-1..=3).contains(&c) {
            return Err(Error::Parameter(format!(
                "city[{slot}] must be a colour 0..3 or -1, not {c}"
            )));
        }
        if c >= 0 && !geom.slot_exists[slot] {
            return Err(Error::Parameter(format!(
                "city[{slot}]: slot {} does not exist in this city",
                notation::slot_text(slot as u8)
            )));
        }
        cells[slot] = c as i8;
    }
    let kind = Pattern::from_name(pattern).ok_or_else(|| {
        Error::Parameter(format!(
            "unknown pattern {pattern:?}; patterns are {}",
            Pattern::NAMES.join(", ")
        ))
    })?;
    let want = if kind.two_colours() { 2 } else { 1 };
    if colours.len() != want {
        return Err(Error::Parameter(format!(
            "a {pattern} pattern has {want} colour(s), not {}",
            colours.len()
        )));
    }
    let mut cs = [0u8; 2];
    for (i, name) in colours.iter().enumerate() {
        cs[i] = COLOURS
            .iter()
            .position(|c| c == name)
            .ok_or_else(|| Error::Parameter(format!("unknown colour {name:?}")))?
            as u8;
    }
    if want == 1 {
        cs[1] = cs[0];
    }
    let street = match (kind, street) {
        (Pattern::Street, Some(s)) => Some(
            STREETS
                .iter()
                .position(|x| *x == s)
                .ok_or_else(|| Error::Parameter(format!("unknown street {s:?}")))?,
        ),
        (Pattern::Street, None) => {
            return Err(Error::Parameter("a street pattern needs a street".into()))
        }
        _ => None,
    };
    Ok(pattern::count(geom, &cells, kind, cs, street))
}
