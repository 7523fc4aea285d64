package sprites

import "math"

// Deterministic value noise for wood grain and the lathe rings of the discs.
// The same seed always gives the same texture, so screenshots are stable.

// hash2 maps integer lattice points to [0, 1).
func hash2(x, y int32, seed uint32) float64 {
	h := uint32(x)*0x8da6b343 ^ uint32(y)*0xd8163841 ^ seed*0xcb1ab31f
	h ^= h >> 13
	h *= 0x5bd1e995
	h ^= h >> 15
	return float64(h&0xffffff) / float64(1<<24)
}

// valueNoise is smooth noise in [0, 1] with features about one unit apart.
func valueNoise(x, y float64, seed uint32) float64 {
	x0, y0 := math.Floor(x), math.Floor(y)
	fx, fy := x-x0, y-y0
	ix, iy := int32(x0), int32(y0)
	sx, sy := fx*fx*(3-2*fx), fy*fy*(3-2*fy)
	a := hash2(ix, iy, seed)
	b := hash2(ix+1, iy, seed)
	c := hash2(ix, iy+1, seed)
	d := hash2(ix+1, iy+1, seed)
	return a + (b-a)*sx + (c-a)*sy + (a-b-c+d)*sx*sy
}

// fbm sums octaves of value noise; the result stays in [0, 1].
func fbm(x, y float64, seed uint32, octaves int) float64 {
	sum, amp, norm := 0.0, 1.0, 0.0
	for i := 0; i < octaves; i++ {
		sum += amp * valueNoise(x, y, seed+uint32(i)*101)
		norm += amp
		amp *= 0.5
		x, y = x*2.03, y*2.03
	}
	return sum / norm
}
