package remote

import (
	"errors"
	"strings"
	"time"

	"bashni/storage"
)

// SeatRecord is a seat held on this device: the secret token that takes it
// back after a reload, a lost network or a phone's sleep.
type SeatRecord struct {
	Server string `json:"server"`
	Game   string `json:"game"`
	Color  string `json:"color"` // "white" or "black"
	Token  string `json:"token"`
	Saved  int64  `json:"saved"` // Unix seconds, to drop the oldest
}

// Seats are the seats this device holds, newest last.
type Seats struct {
	Seats []SeatRecord `json:"seats"`
}

// maxSeats bounds the list: the oldest seats are forgotten (their games
// expire on the server long before).
const maxSeats = 50

// SeatsDocument is where the tokens live in the device's storage (a file
// written atomically, or localStorage in the page).
func SeatsDocument() storage.Document[Seats] {
	return storage.Document[Seats]{
		Name: "online-seats", Label: "online games file", Schema: 1,
		Check: func(s *Seats) error {
			for _, r := range s.Seats {
				if r.Game == "" || r.Token == "" {
					return errors.New("a seat without a game or a token")
				}
			}
			return nil
		},
	}
}

// sameServer compares server addresses loosely (no trailing slash, any case).
func sameServer(a, b string) bool {
	return strings.EqualFold(strings.TrimRight(a, "/"), strings.TrimRight(b, "/"))
}

// FindSeat returns the seat this device holds in game on server.
func FindSeat(st *storage.Store, server, game string) (SeatRecord, bool) {
	if st == nil {
		return SeatRecord{}, false
	}
	seats, _, _ := SeatsDocument().Load(st)
	for i := len(seats.Seats) - 1; i >= 0; i-- {
		r := seats.Seats[i]
		if sameServer(r.Server, server) && strings.EqualFold(r.Game, game) {
			return r, true
		}
	}
	return SeatRecord{}, false
}

// SaveSeat keeps rec (replacing an older record of the same game).
func SaveSeat(st *storage.Store, rec SeatRecord) error {
	if st == nil {
		return nil
	}
	doc := SeatsDocument()
	seats, _, _ := doc.Load(st)
	kept := make([]SeatRecord, 0, len(seats.Seats)+1)
	for _, r := range seats.Seats {
		if !(sameServer(r.Server, rec.Server) && strings.EqualFold(r.Game, rec.Game)) {
			kept = append(kept, r)
		}
	}
	if rec.Saved == 0 {
		rec.Saved = time.Now().Unix()
	}
	kept = append(kept, rec)
	if len(kept) > maxSeats {
		kept = kept[len(kept)-maxSeats:]
	}
	return doc.Save(st, Seats{Seats: kept})
}
