package editor

import (
	"sync"

	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
)

// Playtest is the Playtest panel's answer: the short playtest of the last
// version whose board could be built (docs/playtest.md), at the mission's
// Survivor count and one either side. Unavailable says why none ran (a
// game without a playtest yet, a mission its model refuses); the rest is
// then empty.
type Playtest struct {
	Version     string               `json:"version"`
	Unavailable string               `json:"unavailable,omitempty"`
	Survivors   int                  `json:"survivors,omitempty"` // the mission's count
	Games       int                  `json:"games,omitempty"`     // per Survivor count
	Seed        uint64               `json:"seed,omitempty"`
	Agent       *playtest.Agent      `json:"agent,omitempty"`
	Counts      []PlaytestCount      `json:"by_survivors"`
	Zones       []playtest.ZoneCount `json:"zones"`
}

// PlaytestCount is the win rate of one Survivor count.
type PlaytestCount struct {
	Survivors  int        `json:"survivors"`
	Games      int        `json:"games"`
	Wins       int        `json:"wins"`
	WinRate    float64    `json:"win_rate"`
	CI95       [2]float64 `json:"ci95"`
	Difficulty string     `json:"difficulty"` // what the win rate reads as, from its interval (playtest.ReadsAs)
}

// playtestCache keeps the last answer: the page asks again after every
// edit, and a version's games never change.
type playtestCache struct {
	mu      sync.Mutex
	version string
	reply   Reply
}

// playtest plays the short playtest of the last good version, once per
// version. It runs outside s.mu: the file can change meanwhile, and the
// answer names the version it played.
func (s *Session) playtest() Reply {
	s.mu.Lock()
	good := s.good
	s.mu.Unlock()
	if good == nil || good.res == nil || good.res.Scene == nil {
		return errorReply(StatusStale, "there is no board to play yet", "")
	}
	c := &s.played
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.version == good.version && c.reply.Body != nil {
		return c.reply
	}
	sc := good.res.Scene
	out := Playtest{Version: good.version, Counts: []PlaytestCount{}, Zones: []playtest.ZoneCount{}}
	n := playtest.MissionSurvivors(sc)
	if _, res, err := playtest.Quick(sc, playtest.Around(n), 0, 0); err != nil {
		out.Unavailable = err.Error()
	} else {
		out.Survivors, out.Games, out.Seed, out.Agent, out.Zones = n, res.Games, res.Seed, &res.Agent, res.Zones
		for _, k := range res.BySurvivors {
			out.Counts = append(out.Counts, PlaytestCount{Survivors: k.Survivors, Games: k.Games, Wins: k.Wins,
				WinRate: k.WinRate, CI95: k.CI95, Difficulty: k.ReadsAs})
		}
	}
	c.version, c.reply = good.version, jsonReply(StatusOK, out)
	return c.reply
}

// fillDanger gives each danger overlay the counts of the short playtest at
// the mission's Survivor count: the heat map render --overlay danger draws.
func fillDanger(sc *rules.Scene, overlays []render.Overlay) error {
	var d *render.Danger
	for i := range overlays {
		if overlays[i].Kind != render.OverlayDanger {
			continue
		}
		if d == nil {
			m, res, err := playtest.Quick(sc, []int{playtest.MissionSurvivors(sc)}, 0, 0)
			if err != nil {
				return err
			}
			d = &render.Danger{Counts: playtest.ZoneCounts(m, res), Games: res.Played(), Agent: res.Agent.Name, Seed: res.Seed}
		}
		overlays[i].Danger = d
	}
	return nil
}

// PlayedData is the document of the version the Playtest panel and the
// danger overlay play: the last whose board could be built, nil when none
// could yet. The web edition's playtest worker opens it in a session of
// its own, so it plays what this session would.
func (s *Session) PlayedData() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.good == nil || s.good.res == nil || s.good.res.Scene == nil {
		return nil
	}
	return s.good.data
}
