pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import AppCenter.components

// Home, category and search results: a card grid whose columns follow the window width,
// subcategory buttons, sort order and the empty state.
Page {
    id: page

    required property var apps
    required property var navigation
    required property var categories
    required property var subcategories

    readonly property bool searching: page.apps.searchText !== ""
    // Narrow: the count and the sort box go on a line of their own below the heading.
    readonly property bool narrow: page.width < 560

    padding: Theme.largeSpacing
    Accessible.name: heading.text

    header: ColumnLayout {
        spacing: Theme.spacing
        GridLayout {
            columns: page.narrow ? 2 : 3
            columnSpacing: Theme.largeSpacing
            rowSpacing: Theme.spacing
            Layout.fillWidth: true
            Layout.leftMargin: Theme.largeSpacing
            Layout.rightMargin: Theme.largeSpacing
            Layout.topMargin: Theme.largeSpacing
            Label {
                id: heading
                textFormat: Text.PlainText
                text: page.searching ? qsTr("Search results")
                                     : page.categories.nameOf(page.apps.category)
                font.pointSize: Theme.headingSize
                font.bold: true
                elide: Text.ElideRight
                Accessible.role: Accessible.Heading
                Layout.fillWidth: true
                Layout.columnSpan: page.narrow ? 2 : 1
            }
            Label {
                textFormat: Text.PlainText
                objectName: "appCount"
                text: qsTr("%Ln application(s)", "", page.apps.count)
                color: Theme.mutedText
                Layout.fillWidth: page.narrow
            }
            ComboBox {
                id: sortBox
                objectName: "sortBox"
                textRole: "label"
                valueRole: "value"
                Accessible.name: qsTr("Sort order")
                // "" is the model's default order: best match while searching, else by name,
                // so "By name" is listed once.
                model: page.searching
                       ? [{ value: "", label: qsTr("Best match") },
                          { value: "name", label: qsTr("By name") },
                          { value: "rating", label: qsTr("By rating") }]
                       : [{ value: "", label: qsTr("By name") },
                          { value: "rating", label: qsTr("By rating") }]
                currentIndex: page.apps.sortOrder === "rating" ? (page.searching ? 2 : 1)
                              : (page.apps.sortOrder === "name" && page.searching ? 1 : 0)
                onActivated: page.apps.sortOrder = sortBox.currentValue
            }
        }
        SearchScope {
            apps: page.apps
            categoryName: page.categories.nameOf(page.apps.category)
            Layout.fillWidth: true
            Layout.leftMargin: 16
            Layout.rightMargin: 16
        }
        Flow {
            visible: page.subcategories.parentCategory !== "" && !page.searching
            Layout.fillWidth: true
            Layout.leftMargin: Theme.largeSpacing
            Layout.rightMargin: Theme.largeSpacing
            spacing: Theme.spacing
            Button {
                text: qsTr("All")
                checkable: true
                checked: page.apps.category === page.subcategories.parentCategory
                Accessible.name: qsTr("All in this category")
                onClicked: page.apps.category = page.subcategories.parentCategory
            }
            Repeater {
                model: page.subcategories
                delegate: Button {
                    id: subcategory
                    required property string categoryId
                    required property string name
                    required property string countText
                    text: qsTr("%1 (%2)").arg(name).arg(countText)
                    contentItem: PlainContent { control: subcategory }
                    checkable: true
                    checked: page.apps.category === categoryId
                    Accessible.name: qsTr("%1, %2 applications").arg(name).arg(countText)
                    onClicked: page.apps.category = categoryId
                }
            }
        }
    }

    GridView {
        id: grid
        objectName: "appGrid"
        anchors.fill: parent
        // Columns of at least ~20 text widths; the rows are as tall as the card's text needs
        // at the current font (name, two summary lines, stars).
        readonly property int columns: Math.max(1, Math.floor(width / (Theme.gridUnit * 19)))
        cellWidth: Math.floor(width / columns)
        cellHeight: Math.ceil(Math.max(Theme.gridUnit * 3.5, cardMetrics.height * 4.3 + Theme.spacing * 1.5)
                              + Theme.largeSpacing * 2 + Theme.spacing)
        clip: true
        activeFocusOnTab: true
        keyNavigationEnabled: true
        boundsBehavior: Flickable.StopAtBounds
        model: page.apps
        Accessible.name: qsTr("Applications")
        Accessible.role: Accessible.List
        ScrollBar.vertical: ScrollBar {}
        // a model reset leaves no current card: the first arrow key would be lost
        onCountChanged: grid.currentIndex = grid.count > 0 ? Math.max(grid.currentIndex, 0) : -1
        Keys.onReturnPressed: page.navigation.openApp(page.apps.appIdAt(grid.currentIndex))
        Keys.onEnterPressed: page.navigation.openApp(page.apps.appIdAt(grid.currentIndex))

        delegate: Item {
            id: cell
            required property int index
            required property string appId
            required property string name
            required property string summary
            required property string iconUrl
            required property real rating
            required property real ratingMean
            required property int ratingCount
            required property string appState
            width: grid.cellWidth
            height: grid.cellHeight
            AppCard {
                anchors.fill: parent
                anchors.margins: Theme.spacing / 2
                index: cell.index
                appId: cell.appId
                name: cell.name
                summary: cell.summary
                iconUrl: cell.iconUrl
                rating: cell.rating
                ratingMean: cell.ratingMean
                ratingCount: cell.ratingCount
                appState: cell.appState
                highlighted: grid.activeFocus && grid.currentIndex === cell.index
                onOpened: id => page.navigation.openApp(id)
            }
        }
    }

    FontMetrics {
        id: cardMetrics
        font: page.font
    }

    BusyIndicator {
        anchors.centerIn: parent
        running: grid.count === 0 && page.apps.loading
        visible: running
        Accessible.name: qsTr("Loading applications")
    }

    ColumnLayout {
        anchors.centerIn: parent
        width: Math.min(parent.width, Theme.gridUnit * 24)
        visible: grid.count === 0 && !page.apps.loading
        Label {
            text: page.searching ? qsTr("No applications match “%1”").arg(page.apps.searchText)
                                 : qsTr("No applications in this category")
            textFormat: Text.PlainText
            font.pointSize: Theme.subheadingSize
            wrapMode: Text.Wrap
            horizontalAlignment: Text.AlignHCenter
            Layout.fillWidth: true
        }
        Label {
            textFormat: Text.PlainText
            visible: page.searching
            text: qsTr("Try a different word, or fewer words.")
            color: Theme.mutedText
            wrapMode: Text.Wrap
            horizontalAlignment: Text.AlignHCenter
            Layout.fillWidth: true
        }
    }
}
