/// Real albums for every category, built into the app, so a game can be played without a network
/// (`--offline`, or when the iTunes Search API can't be reached). Each category holds enough albums
/// (at least twice a game's eight pairs) for several different games.
public struct OfflineCatalog: AlbumSource {
    /// The albums per category.
    public let albumsByCategory: [MusicCategory: [Album]]

    /// The catalog that ships with the app.
    public static let standard = OfflineCatalog(albumsByCategory: standardAlbums)

    /// Creates a catalog from the given albums.
    ///
    /// - Parameter albumsByCategory: The albums per category.
    public init(albumsByCategory: [MusicCategory: [Album]]) {
        self.albumsByCategory = albumsByCategory
    }

    /// The catalog's albums for `category` (never throws).
    ///
    /// - Parameter category: The category.
    /// - Returns: Its albums, in catalog order.
    public func albums(for category: MusicCategory) async throws -> [Album] {
        albumsByCategory[category] ?? []
    }
}

private func albums(_ pairs: [(String, String)]) -> [Album] {
    pairs.map { Album(artist: $0.0, title: $0.1) }
}

private let standardAlbums: [MusicCategory: [Album]] = [
    .pop: albums([
        ("Michael Jackson", "Thriller"),
        ("Madonna", "Like a Prayer"),
        ("Taylor Swift", "1989"),
        ("Adele", "21"),
        ("Lady Gaga", "The Fame"),
        ("Britney Spears", "...Baby One More Time"),
        ("Katy Perry", "Teenage Dream"),
        ("Whitney Houston", "Whitney"),
        ("ABBA", "Arrival"),
        ("Kylie Minogue", "Fever"),
        ("Dua Lipa", "Future Nostalgia"),
        ("Billie Eilish", "When We All Fall Asleep, Where Do We Go?"),
        ("Harry Styles", "Fine Line"),
        ("Justin Timberlake", "FutureSex/LoveSounds"),
        ("Beyoncé", "Lemonade"),
        ("Robyn", "Body Talk"),
        ("Bruno Mars", "24K Magic"),
        ("George Michael", "Faith"),
        ("Prince", "Purple Rain"),
        ("Carly Rae Jepsen", "Emotion"),
    ]),
    .electronic: albums([
        ("Daft Punk", "Discovery"),
        ("Daft Punk", "Random Access Memories"),
        ("The Chemical Brothers", "Dig Your Own Hole"),
        ("The Prodigy", "The Fat of the Land"),
        ("Aphex Twin", "Selected Ambient Works 85-92"),
        ("Kraftwerk", "Trans-Europe Express"),
        ("Massive Attack", "Mezzanine"),
        ("Portishead", "Dummy"),
        ("Moby", "Play"),
        ("Boards of Canada", "Music Has the Right to Children"),
        ("Underworld", "Dubnobasswithmyheadman"),
        ("Fatboy Slim", "You've Come a Long Way, Baby"),
        ("Air", "Moon Safari"),
        ("Leftfield", "Leftism"),
        ("Burial", "Untrue"),
        ("Four Tet", "Rounds"),
        ("Jon Hopkins", "Immunity"),
        ("LCD Soundsystem", "Sound of Silver"),
        ("Caribou", "Swim"),
        ("Röyksopp", "Melody A.M."),
    ]),
    .rock: albums([
        ("The Beatles", "Abbey Road"),
        ("Led Zeppelin", "Led Zeppelin IV"),
        ("Pink Floyd", "The Dark Side of the Moon"),
        ("The Rolling Stones", "Sticky Fingers"),
        ("Nirvana", "Nevermind"),
        ("Queen", "A Night at the Opera"),
        ("Radiohead", "OK Computer"),
        ("Fleetwood Mac", "Rumours"),
        ("The Who", "Who's Next"),
        ("U2", "The Joshua Tree"),
        ("Bruce Springsteen", "Born to Run"),
        ("The Clash", "London Calling"),
        ("Pearl Jam", "Ten"),
        ("Foo Fighters", "The Colour and the Shape"),
        ("The Strokes", "Is This It"),
        ("Arctic Monkeys", "AM"),
        ("David Bowie", "The Rise and Fall of Ziggy Stardust and the Spiders from Mars"),
        ("R.E.M.", "Automatic for the People"),
        ("Red Hot Chili Peppers", "Californication"),
        ("The White Stripes", "Elephant"),
    ]),
    .metal: albums([
        ("Metallica", "Master of Puppets"),
        ("Black Sabbath", "Paranoid"),
        ("Iron Maiden", "The Number of the Beast"),
        ("Judas Priest", "British Steel"),
        ("Slayer", "Reign in Blood"),
        ("Megadeth", "Rust in Peace"),
        ("Pantera", "Vulgar Display of Power"),
        ("Motörhead", "Ace of Spades"),
        ("Tool", "Lateralus"),
        ("System of a Down", "Toxicity"),
        ("Mastodon", "Leviathan"),
        ("Opeth", "Blackwater Park"),
        ("Gojira", "From Mars to Sirius"),
        ("Slipknot", "Iowa"),
        ("Dio", "Holy Diver"),
        ("Ozzy Osbourne", "Blizzard of Ozz"),
        ("Anthrax", "Among the Living"),
        ("Sepultura", "Roots"),
        ("Rammstein", "Mutter"),
        ("Deftones", "White Pony"),
    ]),
    .rap: albums([
        ("Kendrick Lamar", "good kid, m.A.A.d city"),
        ("Kendrick Lamar", "To Pimp a Butterfly"),
        ("Nas", "Illmatic"),
        ("The Notorious B.I.G.", "Ready to Die"),
        ("Dr. Dre", "The Chronic"),
        ("Jay-Z", "The Blueprint"),
        ("Eminem", "The Marshall Mathers LP"),
        ("Lauryn Hill", "The Miseducation of Lauryn Hill"),
        ("OutKast", "Aquemini"),
        ("Wu-Tang Clan", "Enter the Wu-Tang (36 Chambers)"),
        ("Public Enemy", "It Takes a Nation of Millions to Hold Us Back"),
        ("A Tribe Called Quest", "The Low End Theory"),
        ("Kanye West", "My Beautiful Dark Twisted Fantasy"),
        ("Run-DMC", "Raising Hell"),
        ("Missy Elliott", "Supa Dupa Fly"),
        ("2Pac", "All Eyez on Me"),
        ("Snoop Doggy Dogg", "Doggystyle"),
        ("De La Soul", "3 Feet High and Rising"),
        ("Beastie Boys", "Paul's Boutique"),
        ("Mobb Deep", "The Infamous"),
    ]),
]
