package sprites

// The built-in themes. Each function builds a fresh value, so there is no
// shared mutable theme anywhere.

// classicWood is maple and walnut with ivory and ebony discs and gold crowns.
func classicWood() *Theme {
	return &Theme{
		Name:        "Classic wood",
		Background:  rgb(0x2a1f18),
		Frame:       rgb(0x5e3b24),
		FrameEdge:   rgb(0x24160d),
		LightSquare: rgb(0xecd5ab),
		DarkSquare:  rgb(0xa8704a),
		Coordinates: rgb(0xf0dcb6),
		Grain:       1,
		White: DiscColors{
			Face:      rgb(0xf4ead6),
			Rim:       rgb(0xe0cfb1),
			Edge:      rgb(0x4a3626),
			Mark:      rgb(0xa88a66),
			Highlight: rgb(0xfffdf7),
			Crown:     rgb(0xd9a323),
			CrownEdge: rgb(0x5a3c06),
		},
		Black: DiscColors{
			Face:      rgb(0x3b302b),
			Rim:       rgb(0x2c2420),
			Edge:      rgb(0x0d0908),
			Mark:      rgb(0x9c8877),
			Highlight: rgb(0x9a8a7e),
			Crown:     rgb(0xe9b843),
			CrownEdge: rgb(0x2e1f05),
		},
		PrisonerTint: rgb(0x8a7a6c),
		PrisonerMix:  0.28,
		Shadow:       rgba(0x1a0e05, 0.45),

		Movable:     rgba(0xfff1c2, 0.85),
		MustCapture: rgb(0xe8502f),
		Destination: rgba(0x1f4d2b, 0.55),
		Selected:    rgba(0xf7d155, 0.55),
		Hover:       rgba(0xfff6df, 0.35),
		LastMove:    rgb(0x4aa3df),
		Hint:        rgb(0x9d6ad8),
		Captured:    rgb(0xe8502f),

		Badge:     rgb(0x231812),
		BadgeEdge: rgb(0xd9a323),
		BadgeText: rgb(0xfff4dc),

		Panel:        rgb(0x3a2b21),
		PanelEdge:    rgb(0x6b4e39),
		Text:         rgb(0xf6ecda),
		TextDim:      rgb(0xc2ad92),
		Button:       rgb(0x59412f),
		ButtonHover:  rgb(0x6f5440),
		ButtonActive: rgb(0x7f5f35),
		ButtonText:   rgb(0xf6ecda),
		Accent:       rgb(0xe0ab2a),
		AccentText:   rgb(0x24170c),
	}
}

// highContrast is for low vision and colour blindness: black, white and a
// mid-grey board, markers from the Okabe–Ito palette (told apart by
// protanopes, deuteranopes and tritanopes), flat colours and bold marks.
func highContrast() *Theme {
	return &Theme{
		Name:        "High contrast",
		Background:  rgb(0x000000),
		Frame:       rgb(0x1c1c1c),
		FrameEdge:   rgb(0xffffff),
		LightSquare: rgb(0xe6e6e6),
		DarkSquare:  rgb(0x66717d),
		Coordinates: rgb(0xffffff),
		Grain:       0,
		White: DiscColors{
			Face:      rgb(0xffffff),
			Rim:       rgb(0xdedede),
			Edge:      rgb(0x000000),
			Mark:      rgb(0x000000),
			Highlight: rgb(0xffffff),
			Crown:     rgb(0xe69f00),
			CrownEdge: rgb(0x000000),
		},
		Black: DiscColors{
			Face:      rgb(0x161616),
			Rim:       rgb(0x0a0a0a),
			Edge:      rgb(0x000000),
			Mark:      rgb(0xffffff),
			Highlight: rgb(0xb0b0b0),
			Crown:     rgb(0xf0e442),
			CrownEdge: rgb(0x000000),
		},
		PrisonerTint: rgb(0x808080),
		PrisonerMix:  0.2,
		Shadow:       rgba(0x000000, 0.5),

		Movable:     rgb(0x56b4e9),
		MustCapture: rgb(0xd55e00),
		Destination: rgba(0xf0e442, 0.95),
		Selected:    rgba(0xe69f00, 0.6),
		Hover:       rgba(0xffffff, 0.45),
		LastMove:    rgb(0xcc79a7),
		Hint:        rgb(0x009e73),
		Captured:    rgb(0xd55e00),

		Badge:     rgb(0x000000),
		BadgeEdge: rgb(0xffffff),
		BadgeText: rgb(0xffffff),

		Panel:        rgb(0x000000),
		PanelEdge:    rgb(0xffffff),
		Text:         rgb(0xffffff),
		TextDim:      rgb(0xd0d0d0),
		Button:       rgb(0x1f1f1f),
		ButtonHover:  rgb(0x3a3a3a),
		ButtonActive: rgb(0x0072b2),
		ButtonText:   rgb(0xffffff),
		Accent:       rgb(0xf0e442),
		AccentText:   rgb(0x000000),
	}
}

// tournamentGreen is the cream and green of club boards, with plain white
// and black discs.
func tournamentGreen() *Theme {
	return &Theme{
		Name:        "Tournament green",
		Background:  rgb(0x1b241e),
		Frame:       rgb(0x2c3d31),
		FrameEdge:   rgb(0x0f1611),
		LightSquare: rgb(0xeeeed2),
		DarkSquare:  rgb(0x6f9457),
		Coordinates: rgb(0xe4ead2),
		Grain:       0.35,
		White: DiscColors{
			Face:      rgb(0xf7f5ef),
			Rim:       rgb(0xe3e0d6),
			Edge:      rgb(0x3b3f3a),
			Mark:      rgb(0x9ea398),
			Highlight: rgb(0xffffff),
			Crown:     rgb(0xd8a62a),
			CrownEdge: rgb(0x4d3508),
		},
		Black: DiscColors{
			Face:      rgb(0x333333),
			Rim:       rgb(0x242424),
			Edge:      rgb(0x080808),
			Mark:      rgb(0x9a9a9a),
			Highlight: rgb(0x8c8c8c),
			Crown:     rgb(0xe8bb48),
			CrownEdge: rgb(0x2a1d04),
		},
		PrisonerTint: rgb(0x7d8276),
		PrisonerMix:  0.28,
		Shadow:       rgba(0x0a1a0c, 0.42),

		Movable:     rgba(0xffffe0, 0.85),
		MustCapture: rgb(0xe2452f),
		Destination: rgba(0x1a3312, 0.5),
		Selected:    rgba(0xf6f668, 0.55),
		Hover:       rgba(0xffffff, 0.3),
		LastMove:    rgb(0x3f8fdc),
		Hint:        rgb(0xa070e0),
		Captured:    rgb(0xe2452f),

		Badge:     rgb(0x18211a),
		BadgeEdge: rgb(0xc9d8b5),
		BadgeText: rgb(0xf4f7ea),

		Panel:        rgb(0x24322a),
		PanelEdge:    rgb(0x46604e),
		Text:         rgb(0xf1f4e8),
		TextDim:      rgb(0xb3c0a8),
		Button:       rgb(0x34493b),
		ButtonHover:  rgb(0x425d4b),
		ButtonActive: rgb(0x4f7a45),
		ButtonText:   rgb(0xf1f4e8),
		Accent:       rgb(0x8fc45a),
		AccentText:   rgb(0x111a0c),
	}
}
