package ai

import "bashni/rules"

// TunedWeights returns a copy of the evaluation weights of v that the engine
// uses by default: those fitted by ai/cmd/tune (TUNING.md).
func TunedWeights(v rules.Variant) *Weights {
	var w Weights
	switch v {
	case rules.Bashni:
		w = tunedBashni
	default:
		w = tunedLasca
	}
	return &w
}

// tunedBashni are the evaluation weights of Bashni fitted by ai/cmd/tune (see TUNING.md).
var tunedBashni = Weights{
	Scalar: [nScalar][2]int32{
		fTopMan:      {107, 93},
		fTopKing:     {344, 208},
		fReserveMan:  {163, 21},
		fReserveKing: {697, -46},
		fHeldKing:    {-79, 12},
		fFragile:     {-88, 5},
		fFragileKing: {-216, 7},
		fManMob:      {3, 2},
		fKingMob:     {62, -22},
		fMainDiag:    {162, -102},
		fDoubleDiag:  {114, -37},
		fNearPromo:   {34, 109},
		fThreatCount: {270, 4},
		fThreatMax:   {-112, 14},
		fOppStuck:    {339, 483},
		fOppLowMob:   {256, 103},
		fToMove:      {69, 11},
	},
	Man: [maxSquares][2]int32{
		{1, -3},  // a1
		{3, 4},   // c1
		{14, 9},  // e1
		{12, 7},  // g1
		{-5, -1}, // b2
		{-7, -6}, // d2
		{3, 1},   // f2
		{-3, -1}, // h2
		{-5, -4}, // a3
		{-2, -1}, // c3
		{-7, -5}, // e3
		{-4, -4}, // g3
		{-2, -1}, // b4
		{1, 1},   // d4
		{5, 3},   // f4
		{6, 3},   // h4
		{-7, -4}, // a5
		{-4, -2}, // c5
		{-6, -3}, // e5
		{-4, -2}, // g5
		{1, 2},   // b6
		{1, 2},   // d6
		{-1, 0},  // f6
		{8, 7},   // h6
		{0, 1},   // a7
		{0, 2},   // c7
		{-1, 0},  // e7
		{-1, -1}, // g7
		{0, 0},   // b8
		{0, 0},   // d8
		{0, 0},   // f8
		{0, 0},   // h8
	},
}

// tunedLasca are the evaluation weights of Lasca fitted by ai/cmd/tune (see TUNING.md).
var tunedLasca = Weights{
	Scalar: [nScalar][2]int32{
		fTopMan:      {100, 100},
		fTopKing:     {180, 120},
		fReserveMan:  {21, 201},
		fReserveKing: {179, 271},
		fHeldKing:    {-23, 7},
		fFragile:     {-79, 18},
		fFragileKing: {-116, -2},
		fManMob:      {22, 11},
		fKingMob:     {7, 14},
		fMainDiag:    {-9, 15},
		fDoubleDiag:  {3, 6},
		fNearPromo:   {9, 34},
		fThreatCount: {-87, 101},
		fThreatMax:   {-32, -5},
		fOppStuck:    {214, 370},
		fOppLowMob:   {-114, 209},
		fToMove:      {32, -3},
	},
	Man: [maxSquares][2]int32{
		{5, 4},   // a1
		{12, 10}, // c1
		{13, 12}, // e1
		{-4, -5}, // g1
		{3, 1},   // b2
		{4, 1},   // d2
		{3, 2},   // f2
		{5, 4},   // a3
		{-6, -2}, // c3
		{-4, 0},  // e3
		{2, 5},   // g3
		{-8, -4}, // b4
		{-8, -3}, // d4
		{-5, -4}, // f4
		{0, -3},  // a5
		{-3, -3}, // c5
		{-5, -5}, // e5
		{1, -4},  // g5
		{-4, -4}, // b6
		{1, 2},   // d6
		{-1, -1}, // f6
		{0, 0},   // a7
		{0, 0},   // c7
		{0, 0},   // e7
		{0, 0},   // g7
	},
}
