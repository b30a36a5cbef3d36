pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import AppCenter.components

// The start page: the featured banner, rows to discover applications by (top rated,
// popular in a category, recently updated), and the categories as tiles. "All applications"
// is one click away in the header. Rows without ratings or dates are left out, never
// filled alphabetically.
Page {
    id: page

    required property var home
    required property var apps
    required property var navigation
    required property var categories
    // The window's catalog source (Main.qml): until it is open and until the first rows
    // come, the banner and one row show placeholders of their real size (issue 31).
    property var catalogSource: null
    readonly property bool catalogReady: page.catalogSource === null || page.catalogSource.ready
    readonly property bool waiting: page.home.featured.count === 0
                                    && (!page.catalogReady || page.home.loading)

    padding: 0
    Accessible.name: qsTr("Home")

    function showCategory(categoryId: string) {
        page.apps.searchText = ""
        page.apps.category = categoryId
        page.navigation.showBrowse()
    }

    ScrollView {
        id: scroller
        anchors.fill: parent
        contentWidth: availableWidth
        ScrollBar.horizontal.policy: ScrollBar.AlwaysOff

        ColumnLayout {
            width: scroller.availableWidth
            spacing: Theme.largeSpacing * 1.5

            RowLayout {
                Layout.fillWidth: true
                Layout.topMargin: Theme.largeSpacing
                Layout.leftMargin: Theme.largeSpacing
                Layout.rightMargin: Theme.largeSpacing
                spacing: Theme.spacing
                Label {
                    textFormat: Text.PlainText
                    // nothing until known (it said "Top rated", then "Featured")
                    text: page.waiting ? "" : page.home.featuredConfigured ? qsTr("Featured")
                                                                            : qsTr("Top rated")
                    font.pointSize: Theme.headingSize
                    font.bold: true
                    elide: Text.ElideRight
                    Accessible.role: Accessible.Heading
                    Layout.fillWidth: true
                }
                Button {
                    objectName: "allApplicationsButton"
                    text: qsTr("All applications")
                    Accessible.name: qsTr("Show all applications")
                    onClicked: page.showCategory("")
                    FocusRing {}
                }
            }

            FeaturedBanner {
                visible: count > 0 || page.waiting
                placeholder: page.waiting
                // what a screen reader says of the placeholders
                Accessible.description: page.waiting ? qsTr("Loading applications") : ""
                model: page.home.featured
                Layout.fillWidth: true
                Layout.leftMargin: Theme.largeSpacing
                Layout.rightMargin: Theme.largeSpacing
                onOpened: id => page.navigation.openApp(id)
            }

            // The rows the first frame shows while the catalog opens (two: a catalog with
            // featured lists and release dates has picks and recently updated); the rows
            // that come take their places, at the same height. Hidden, never destroyed:
            // destroying them inside the model's row insertion hung the window (issue 31).
            AppShelf {
                objectName: "placeholderRow"
                visible: page.waiting
                placeholder: true
                title: ""
                model: null
                Layout.fillWidth: true
                Layout.leftMargin: Theme.largeSpacing
                Layout.rightMargin: Theme.largeSpacing
            }
            AppShelf {
                objectName: "placeholderRow"
                visible: page.waiting
                placeholder: true
                title: ""
                model: null
                Layout.fillWidth: true
                Layout.leftMargin: Theme.largeSpacing
                Layout.rightMargin: Theme.largeSpacing
            }

            AppShelf {
                objectName: "picksRow"
                visible: count > 0
                title: qsTr("Editor's picks")
                model: page.home.picks
                Layout.fillWidth: true
                Layout.leftMargin: Theme.largeSpacing
                Layout.rightMargin: Theme.largeSpacing
                onOpened: id => page.navigation.openApp(id)
            }

            AppShelf {
                objectName: "topRatedRow"
                visible: count > 0 && page.home.featuredConfigured
                title: qsTr("Top rated")
                model: page.home.topRated
                seeAllText: qsTr("See all")
                Layout.fillWidth: true
                Layout.leftMargin: Theme.largeSpacing
                Layout.rightMargin: Theme.largeSpacing
                onOpened: id => page.navigation.openApp(id)
                onSeeAll: {
                    page.apps.sortOrder = "rating"
                    page.showCategory("")
                }
            }

            Repeater {
                model: page.home.popularRows
                delegate: AppShelf {
                    id: popularRow
                    required property string categoryId
                    objectName: "popularRow"
                    model: popularRow.apps
                    seeAllText: qsTr("See all")
                    Layout.fillWidth: true
                    Layout.leftMargin: Theme.largeSpacing
                    Layout.rightMargin: Theme.largeSpacing
                    onOpened: id => page.navigation.openApp(id)
                    onSeeAll: {
                        page.apps.sortOrder = "rating"
                        page.showCategory(popularRow.categoryId)
                    }
                    required property var apps
                }
            }

            AppShelf {
                objectName: "recentRow"
                visible: count > 0
                title: qsTr("Recently updated")
                model: page.home.recent
                Layout.fillWidth: true
                Layout.leftMargin: Theme.largeSpacing
                Layout.rightMargin: Theme.largeSpacing
                onOpened: id => page.navigation.openApp(id)
            }

            Label {
                textFormat: Text.PlainText
                text: qsTr("Categories")
                font.pointSize: Theme.subheadingSize
                font.bold: true
                Accessible.role: Accessible.Heading
                Layout.leftMargin: Theme.largeSpacing
            }
            GridLayout {
                id: tiles
                objectName: "categoryTiles"
                // As many columns as fit at 11 grid units, then balanced over the rows that
                // takes, so the last row is as full as the others (12 tiles: 6 + 6 at 1920
                // px, never 10 + 2).
                readonly property int fitting: Math.max(1, Math.floor((scroller.availableWidth - Theme.largeSpacing * 2) / (Theme.gridUnit * 11)))
                readonly property int tileCount: Math.max(1, tileRepeater.count)
                columns: Math.ceil(tiles.tileCount / Math.ceil(tiles.tileCount / tiles.fitting))
                columnSpacing: Theme.spacing
                rowSpacing: Theme.spacing
                Layout.fillWidth: true
                Layout.leftMargin: Theme.largeSpacing
                Layout.rightMargin: Theme.largeSpacing
                Layout.bottomMargin: Theme.largeSpacing
                Repeater {
                    id: tileRepeater
                    model: page.categories
                    delegate: Button {
                        id: tile
                        required property string categoryId
                        required property string name
                        required property string countText
                        required property string iconName
                        icon.name: tile.iconName
                        // 32 px at the usual font: themes draw their full-colour category
                        // icons at that size (Breeze's 22 px ones are monochrome)
                        icon.width: Theme.gridUnit * 2
                        icon.height: Theme.gridUnit * 2
                        text: tile.name
                        display: AbstractButton.TextBesideIcon
                        // Category icons keep their own colours; only symbolic ones follow
                        // the palette (tinting turned Breeze's into black squares; issue 32).
                        contentItem: PlainContent {
                            control: tile
                            iconColor: tile.iconName.endsWith("-symbolic") ? tile.palette.buttonText
                                                                           : "transparent"
                        }
                        Layout.fillWidth: true
                        Layout.preferredHeight: Theme.gridUnit * 2.6
                        Accessible.name: qsTr("%1, %2 applications").arg(tile.name).arg(tile.countText)
                        onClicked: page.showCategory(tile.categoryId)
                        FocusRing {}
                    }
                }
            }
            Label {
                textFormat: Text.PlainText
                visible: page.home.recentReason !== ""
                text: page.home.recentReason
                color: Theme.mutedText
                font.pointSize: Theme.smallSize
                wrapMode: Text.WordWrap
                Layout.fillWidth: true
                Layout.leftMargin: Theme.largeSpacing
                Layout.rightMargin: Theme.largeSpacing
                Layout.bottomMargin: Theme.largeSpacing
            }
        }
    }

}
